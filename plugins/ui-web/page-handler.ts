// Serves the built page (dist/web, written by build-page.mjs) at "/" under the serve plugin's
// token check: brotli or gzip as the browser accepts (compressed at build time), a strong ETag
// with `Cache-Control: no-cache` (a reload costs one 304 and no body), and the page's own
// Content-Security-Policy (its one script and sheet by hash, no other origin).
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { HttpHandler } from "../../contracts/serve.js";
import { builtinResourceDir } from "../../lib/resource-kit/index.js";

interface Page {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  csp: string;
}

const PATHS = new Set(["/", "/index.html"]);

/** The request handler; the page is found and read on the first request that finds it built, then kept. */
export function pageHandler(locate: () => string | undefined = builtPageDir): HttpHandler {
  let page: Page | undefined;
  return (req, res, path) => {
    if (!PATHS.has(path)) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return true;
    }
    if (!page) {
      // Looked for until found: a page built while the server runs is served from then on.
      const dir = locate();
      if (!dir) {
        res
          .writeHead(503, { "content-type": "text/plain; charset=utf-8" })
          .end("The web UI is not built: run `npm run build` in pi-kernel.\n");
        return true;
      }
      page = readPage(dir);
    }
    send(req, res, page);
    return true;
  };
}

function send(req: IncomingMessage, res: ServerResponse, page: Page): void {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    etag: page.etag,
    vary: "Accept-Encoding",
    "content-security-policy": page.csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };
  if (matches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = pickEncoding(String(req.headers["accept-encoding"] ?? ""), page);
  const body = encoding ? page[encoding]! : page.identity;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The best encoding the browser accepts that a copy exists for: brotli, then gzip, else none. */
export function pickEncoding(accept: string, available: { br?: Buffer; gzip?: Buffer }): "br" | "gzip" | undefined {
  const accepted = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.br && ok("br")) return "br";
  if (available.gzip && ok("gzip")) return "gzip";
  return undefined;
}

function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  return String(header)
    .split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}

function readPage(dir: string): Page {
  const meta = JSON.parse(readFileSync(join(dir, "page.json"), "utf8")) as { csp: string; etag: string };
  const optional = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : undefined);
  return { identity: readFileSync(join(dir, "index.html")), br: optional("index.html.br"), gzip: optional("index.html.gz"), ...meta };
}

/** dist/web of this install, or undefined when the page was not built. */
function builtPageDir(): string | undefined {
  const dir = builtinResourceDir("dist/web");
  return dir && existsSync(join(dir, "page.json")) ? dir : undefined;
}
