// Build step (`npm run build`, or `npm run build:web` alone): bundles the web UI's page
// (plugins/ui-web/page: Preact components in TSX, marked, DOMPurify) with rolldown, the bundler
// the rest of the build uses, into dist/web:
//
// - index.html: the page's shell (header, "Connecting…") with its styles inline, so the browser
//   paints it from the first response; a modulepreload fetches the app at once, and a three-line
//   inline script runs it after that first frame. Run straight from a <script>, the app (parse,
//   compile, first render) held the first paint back to about 1.5× that of a one-line page on a
//   loaded machine; started after the frame, the shell paints as fast as a one-line page.
// - app-<hash>.js: the app, named by its content so it is cached for good (`immutable`).
// - page.json: what the server needs: each file's path, type and caching, and the page's
//   Content-Security-Policy (the inline script and sheet by hash, scripts from the page's origin).
//
// Brotli and gzip copies are written beside each file, so the server compresses nothing at run time.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { rolldown } from "rolldown";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "dist", "web");
const page = join(here, "page");
const digest = (text, encoding) => createHash("sha256").update(text).digest(encoding);

const started = performance.now();
const bundle = await rolldown({
  input: join(page, "main.tsx"),
  platform: "browser",
  logLevel: "warn",
  // JSX (Preact's automatic runtime) is configured in page/tsconfig.json, which rolldown reads.
  // Preact's and DOMPurify's development checks look at process.env, which a page does not have.
  transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
});
const { output } = await bundle.generate({ format: "esm", minify: true, codeSplitting: false });
await bundle.close();
const app = output[0].code;
const appName = `app-${digest(app, "base64url").slice(0, 12)}.js`;

const styles = readFileSync(join(page, "styles.css"), "utf8");
// After the first frame: requestAnimationFrame runs before it is drawn, the timeout after.
const boot = `requestAnimationFrame(() => setTimeout(() => import("./${appName}")));`;
const html = readFileSync(join(page, "index.html"), "utf8")
  .replace("/*STYLES*/", () => styles)
  .replace("/*APP*/", () => appName)
  .replace("/*BOOT*/", () => boot);
const hash = (text) => `'sha256-${digest(text, "base64")}'`;
const csp = [
  "default-src 'none'",
  `script-src 'self' ${hash(boot)}`,
  `style-src ${hash(styles)}`,
  // Same-origin fetches and the WebSocket beside the page; images only from the page itself.
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [
  { path: "/", file: "index.html", type: "text/html; charset=utf-8", cache: "no-cache", body: html },
  { path: `/${appName}`, file: appName, type: "text/javascript; charset=utf-8", cache: "public, max-age=31536000, immutable", body: app },
].map(({ body, ...file }) => {
  const bytes = Buffer.from(body);
  writeFileSync(join(out, file.file), bytes);
  writeFileSync(join(out, `${file.file}.gz`), gzipSync(bytes, { level: 9 }));
  const quality = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
  writeFileSync(join(out, `${file.file}.br`), brotliCompressSync(bytes, { params: quality }));
  return { ...file, etag: `"${digest(bytes, "base64url").slice(0, 22)}"`, bytes: bytes.length };
});
writeFileSync(join(out, "page.json"), `${JSON.stringify({ csp, files }, null, 2)}\n`);
if (process.env.PI_WEB_BUILD_VERBOSE)
  console.log(`web page: ${files.map((f) => `${f.file} ${f.bytes} B`).join(", ")}; built in ${Math.round(performance.now() - started)} ms`);
