// The browser flows' loopback callback: a one-shot HTTP server on 127.0.0.1 that receives the
// authorization code, raced with a paste-the-code prompt for when the browser runs on another
// machine (or the port is taken). Whichever answers first wins; the other is cancelled.
import { createServer, type Server } from "node:http";
import type { LoginIO } from "../../contracts/oauth.js";
import { callbackPort, testServer } from "./endpoints.js";

export interface Callback {
  redirectUri: string;
  /** The code the browser delivered, or undefined once cancelled. */
  code: Promise<string | undefined>;
  close(): void;
}

const page = (title: string) =>
  `<!doctype html><meta charset="utf-8"><title>pi</title><body style="font-family:sans-serif"><h2>${title}</h2></body>`;

/** Listens on the provider's registered port (any free one under tests) for `path?code=&state=`. */
export async function listenForCode(registeredPort: number, path: string, state: string): Promise<Callback | undefined> {
  let deliver: (code: string | undefined) => void = () => undefined;
  const code = new Promise<string | undefined>((resolve) => {
    deliver = resolve;
  });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const html = (status: number, title: string) => res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(page(title));
    if (url.pathname !== path) return html(404, "Not found");
    if (url.searchParams.get("error")) return html(400, `Sign-in did not complete: ${url.searchParams.get("error")}`);
    // A request without our state did not come from the authorization we started.
    if (url.searchParams.get("state") !== state) return html(400, "Sign-in failed: the state does not match. Start /login again.");
    const received = url.searchParams.get("code");
    if (!received) return html(400, "Sign-in failed: no authorization code.");
    html(200, "Signed in. You can close this window and return to pi.");
    deliver(received);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(callbackPort(registeredPort), "127.0.0.1", () => resolve(true));
  });
  if (!listening) return undefined; // port taken: the paste prompt alone
  const port = (server.address() as { port: number }).port;
  return {
    redirectUri: `http://${testServer() ? "127.0.0.1" : "localhost"}:${port}${path}`,
    code,
    close: () => {
      deliver(undefined);
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Reads a pasted answer: the whole redirect URL, `code#state`, a query string, or the bare code. */
export function parsePasted(input: string): { code?: string; state?: string } {
  const value = input.trim();
  if (!value) return {};
  try {
    const url = new URL(value);
    return { code: url.searchParams.get("code") ?? undefined, state: url.searchParams.get("state") ?? undefined };
  } catch {
    // not a URL
  }
  if (value.includes("#")) {
    const [code, state] = value.split("#", 2);
    return { code, state };
  }
  if (value.includes("code=")) {
    const params = new URLSearchParams(value);
    return { code: params.get("code") ?? undefined, state: params.get("state") ?? undefined };
  }
  return { code: value };
}

/**
 * Waits for the code: from the callback, or pasted. A pasted state must match ours. Throws when
 * the person cancels the prompt without the browser having answered.
 */
export async function awaitCode(io: LoginIO, callback: Callback | undefined, state: string): Promise<string> {
  const stopPrompt = new AbortController();
  const signals = io.signal ? AbortSignal.any([io.signal, stopPrompt.signal]) : stopPrompt.signal;
  const pasted = io
    .prompt("Paste the redirect URL or code here if the browser cannot reach this machine", { signal: signals })
    .then((text) => ({ text }))
    .catch(() => ({ text: undefined }));
  const winner = await Promise.race([
    callback ? callback.code.then((code) => ({ code })) : new Promise<never>(() => undefined),
    pasted.then((p) => ({ pasted: p.text })),
  ]);
  if ("code" in winner && winner.code) {
    stopPrompt.abort();
    return winner.code;
  }
  const text = "pasted" in winner ? winner.pasted : (await pasted).text;
  if (io.signal?.aborted || !text) throw new Error("Sign-in cancelled");
  const parsed = parsePasted(text);
  if (parsed.state && parsed.state !== state) throw new Error("Sign-in failed: the pasted state does not match (start /login again)");
  if (!parsed.code) throw new Error("Sign-in failed: no authorization code in what was pasted");
  return parsed.code;
}
