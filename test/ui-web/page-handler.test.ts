// The web UI's page handler on a real HTTP server, with a page built into a temp dir: brotli or
// gzip as the browser accepts, the ETag answered with 304, the page's own CSP and each file's caching,
// other paths left to the server (404), other methods refused, and a clear 503 when the page was
// never built. pickEncoding against hostile Accept-Encoding headers (fast-check).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageHandler, pickEncoding } from "../../plugins/ui-web/page-handler.js";

const HTML = "<!doctype html><title>pi</title><p>page</p>";
const APP = "console.log('app');";
const META = {
  csp: "default-src 'none'; script-src 'self' 'sha256-abc'",
  files: [
    { path: "/", file: "index.html", type: "text/html; charset=utf-8", cache: "no-cache", etag: '"v1"' },
    {
      path: "/app-x1.js",
      file: "app-x1.js",
      type: "text/javascript; charset=utf-8",
      cache: "public, max-age=31536000, immutable",
      etag: '"a1"',
    },
  ],
};

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the web UI's page handler", () => {
  let dir: string;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pik-web-page-"));
    writeFileSync(join(dir, "index.html"), HTML);
    writeFileSync(join(dir, "index.html.br"), brotliCompressSync(HTML));
    writeFileSync(join(dir, "index.html.gz"), gzipSync(HTML));
    writeFileSync(join(dir, "app-x1.js"), APP);
    writeFileSync(join(dir, "page.json"), JSON.stringify(META));
    const handler = pageHandler(() => dir);
    const unbuilt = pageHandler(() => undefined);
    server = createServer(async (req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const served = path.startsWith("/unbuilt")
        ? await unbuilt(req, res, path.slice("/unbuilt".length) || "/")
        : await handler(req, res, path);
      if (!served) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends brotli, gzip or plain HTML as accepted, with the page's CSP and caching headers", async () => {
    const br = await get(port, "/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(HTML);
    expect(br.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      etag: '"v1"',
      vary: "Accept-Encoding",
      "content-security-policy": META.csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    const gz = await get(port, "/index.html", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(HTML);
    const plain = await get(port, "/", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(HTML);
    expect(plain.headers["content-length"]).toBe(String(HTML.length));
  });

  it("sends the app's script, named by its content, to be cached for good (plain when it has no compressed copy)", async () => {
    const app = await get(port, "/app-x1.js", { "accept-encoding": "br, gzip" });
    expect(app.status).toBe(200);
    expect(app.headers["content-encoding"]).toBeUndefined();
    expect(app.body.toString()).toBe(APP);
    expect(app.headers).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      etag: '"a1"',
    });
  });

  it("answers a matching If-None-Match with 304 and no body; HEAD with headers only", async () => {
    const cached = await get(port, "/", { "if-none-match": 'W/"v1"', "accept-encoding": "br" });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    const stale = await get(port, "/", { "if-none-match": '"v0"' });
    expect(stale.status).toBe(200);
    const head = await get(port, "/", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves other paths to the server, refuses other methods, and says when the page is not built", async () => {
    expect((await get(port, "/app.js")).status).toBe(404);
    expect((await get(port, "/unbuilt/app-x1.js")).status).toBe(404);
    const post = await get(port, "/", {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    const unbuilt = await get(port, "/unbuilt/");
    expect(unbuilt.status).toBe(503);
    expect(unbuilt.body.toString()).toContain("npm run build");
  });

  it("never picks an encoding the header refuses or that has no copy", () => {
    const token = fc.constantFrom("br", "gzip", "*", "identity", "deflate", "BR", "x-gzip", "");
    const part = fc.tuple(token, fc.option(fc.constantFrom("0", "0.0", "1", "0.5", "abc", ""), { nil: undefined }));
    const header = fc.array(part).map((parts) => parts.map(([t, q]) => (q === undefined ? t : `${t};q=${q}`)).join(", "));
    fc.assert(
      fc.property(header, fc.boolean(), fc.boolean(), (accept, hasBr, hasGz) => {
        const available = { br: hasBr ? Buffer.from("b") : undefined, gzip: hasGz ? Buffer.from("g") : undefined };
        const picked = pickEncoding(accept, available);
        if (picked) expect(available[picked]).toBeDefined();
        if (picked === "br") expect(accept.toLowerCase()).toMatch(/br|\*/);
        if (picked === "gzip") expect(accept.toLowerCase()).toMatch(/gzip|\*/);
        if (/(^|,\s*)br(,|$)/i.test(accept) && !/br;/i.test(accept) && hasBr) expect(picked).toBe("br");
      }),
    );
  });
});
