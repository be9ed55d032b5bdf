// Serves the built page (dist/web, written by build-page.mjs) under the serve plugin's token check:
// the shell at "/" (and "/index.html") and the app's script beside it. Each file goes out as
// brotli or gzip as the browser accepts (compressed at build time), with a strong ETag (a match is
// a 304 without a body) and its caching: the shell is revalidated on every load (`no-cache`), the
// script, named by its content, is kept for good (`immutable`). The page's own
// Content-Security-Policy allows its inline boot script and sheet by hash and nothing from elsewhere.
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { HttpHandler } from "../../contracts/serve.js";
import { builtinResourceDir } from "../../lib/resource-kit/index.js";

/** One file of the page, as page.json lists it. */
export interface PageFile {
  path: string;
  file: string;
  type: string;
  cache: string;
  etag: string;
}

interface Loaded extends PageFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface Page {
  csp: string;
  files: Map<string, Loaded>;
}

/** The request handler; the page is found and read on the first request that finds it built, then kept. */
export function pageHandler(locate: () => string | undefined = builtPageDir): HttpHandler {
  let page: Page | undefined;
  return (req, res, path) => {
    if (!page) {
      // Looked for until found: a page built while the server runs is served from then on.
      const dir = locate();
      if (!dir) return notBuilt(res, path);
      page = readPage(dir);
    }
    const file = page.files.get(path === "/index.html" ? "/" : path);
    if (!file) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return true;
    }
    send(req, res, file, page.csp);
    return true;
  };
}

function notBuilt(res: ServerResponse, path: string): boolean {
  if (path !== "/" && path !== "/index.html") return false;
  res.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("The web UI is not built: run `npm run build` in pi-kernel.\n");
  return true;
}

function send(req: IncomingMessage, res: ServerResponse, file: Loaded, csp: string): void {
  const headers: Record<string, string> = {
    "content-type": file.type,
    "cache-control": file.cache,
    etag: file.etag,
    vary: "Accept-Encoding",
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };
  if (matches(req.headers["if-none-match"], file.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = pickEncoding(String(req.headers["accept-encoding"] ?? ""), file);
  const body = encoding ? file[encoding]! : file.identity;
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
  const meta = JSON.parse(readFileSync(join(dir, "page.json"), "utf8")) as { csp: string; files: PageFile[] };
  const optional = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : undefined);
  const files = meta.files.map(
    (f): Loaded => ({ ...f, identity: readFileSync(join(dir, f.file)), br: optional(`${f.file}.br`), gzip: optional(`${f.file}.gz`) }),
  );
  return { csp: meta.csp, files: new Map(files.map((f) => [f.path, f])) };
}

/** dist/web of this install, or undefined when the page was not built. */
function builtPageDir(): string | undefined {
  const dir = builtinResourceDir("dist/web");
  return dir && existsSync(join(dir, "page.json")) ? dir : undefined;
}
