// Build step (`npm run build`, or `npm run build:web` alone): bundles the web UI's page
// (plugins/ui-web/page: Preact components in TSX, marked, DOMPurify) with rolldown, the bundler
// the rest of the build uses, and writes ONE document, dist/web/index.html, with its script and
// styles inline: the page is a single request (no asset needs the token or a cookie, the first
// paint needs no second round trip), and its Content-Security-Policy allows exactly that script
// and that sheet by hash (dist/web/page.json). Brotli and gzip copies are written beside it so the
// server compresses nothing at run time.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { rolldown } from "rolldown";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const out = join(root, "dist", "web");
const page = join(here, "page");

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
const script = inlineSafe(output[0].code);
const styles = readFileSync(join(page, "styles.css"), "utf8");

const html = readFileSync(join(page, "index.html"), "utf8")
  .replace("/*STYLES*/", () => styles)
  .replace("/*SCRIPT*/", () => script);
const hash = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(styles)}`,
  // Same-origin fetches and the WebSocket beside the page; images only from the page itself.
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

mkdirSync(out, { recursive: true });
const body = Buffer.from(html);
writeFileSync(join(out, "index.html"), body);
writeFileSync(join(out, "index.html.gz"), gzipSync(body, { level: 9 }));
writeFileSync(
  join(out, "index.html.br"),
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
);
const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
writeFileSync(join(out, "page.json"), `${JSON.stringify({ csp, etag }, null, 2)}\n`);
if (process.env.PI_WEB_BUILD_VERBOSE) console.log(`web page: ${body.length} bytes, built in ${Math.round(performance.now() - started)} ms`);

/**
 * The bundle inside a <script> element: "</script" would end the element and "<!--" would change
 * how the HTML parser reads it, so their "<" becomes "\x3C", which means "<" in every string,
 * template and regular expression the minifier can leave them in.
 */
function inlineSafe(code) {
  return code.replace(/<(\/script|!--)/gi, "\\x3C$1");
}
