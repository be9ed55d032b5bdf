// The page `npm run build` wrote (dist/web; `npm test` builds first): under its 200 KB budget
// compressed, every file listed with a compressed copy, the shell pointing at the app it lists,
// and a Content-Security-Policy without 'unsafe-inline' or any other origin.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PageFile } from "../../plugins/ui-web/page-handler.js";

const dir = fileURLToPath(new URL("../../dist/web", import.meta.url));
const built = existsSync(join(dir, "page.json"));
if (!built) console.warn("test/ui-web/built-page.test.ts skipped: dist/web is not built (npm run build)");

describe.skipIf(!built)("the built web page", () => {
  const meta = () => JSON.parse(readFileSync(join(dir, "page.json"), "utf8")) as { csp: string; files: PageFile[] };

  it("weighs under 200 KB compressed, brotli and gzip alike", () => {
    for (const ext of [".br", ".gz"]) {
      const total = meta().files.reduce((sum, f) => sum + statSync(join(dir, f.file + ext)).size, 0);
      expect(total).toBeLessThan(200 * 1024);
    }
  });

  it("has the shell at / pointing at the app it lists, kept for good, and a strict CSP", () => {
    const { csp, files } = meta();
    const shell = files.find((f) => f.path === "/")!;
    const app = files.find((f) => f.path !== "/")!;
    expect(shell.cache).toBe("no-cache");
    expect(app.cache).toContain("immutable");
    const html = readFileSync(join(dir, shell.file), "utf8");
    expect(html).toContain(`<link rel="modulepreload" href="${app.file}">`);
    expect(html).toContain(`import("./${app.file}")`);
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).not.toMatch(/unsafe|https?:|\*/);
  });
});
