// Where `pi attach` connects: a URL as `pi serve` prints it (http://host:port/?token=…), a ws://
// address, or host:port; the token from the URL, --token-file or PI_SERVE_TOKEN. The token goes
// in an Authorization header, never in the WebSocket's URL (proxies log URLs).
import { readFileSync } from "node:fs";

export const DEFAULT_URL = "http://127.0.0.1:4180";

export interface AttachTarget {
  /** ws(s)://host:port/rpc */
  rpcUrl: string;
  token: string | undefined;
}

export function attachTarget(given: string | undefined, tokenFile: string | undefined, env: NodeJS.ProcessEnv): AttachTarget {
  const raw = given ?? DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new Error(`not a URL: ${raw}`);
  }
  if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) throw new Error(`not an http(s) or ws(s) URL: ${raw}`);
  const fromFile = tokenFile === undefined ? undefined : readFileSync(tokenFile, "utf8").split(/\r?\n/, 1)[0].trim();
  const token = url.searchParams.get("token") ?? fromFile ?? env.PI_SERVE_TOKEN;
  const secure = url.protocol === "https:" || url.protocol === "wss:";
  // Behind a reverse proxy the server may live under a path: /rpc is relative to it.
  const base = url.pathname.replace(/\/(rpc)?$/, "");
  return { rpcUrl: `${secure ? "wss" : "ws"}://${url.host}${base}/rpc`, token };
}
