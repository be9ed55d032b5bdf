// The kernel's architectural rules, checked on every run: it stays small and imports no plugin,
// no UI library, no provider SDK.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const kernelDir = fileURLToPath(new URL("../../kernel", import.meta.url));
const files = readdirSync(kernelDir).filter((f) => f.endsWith(".ts")).map((f) => join(kernelDir, f));
const codeLines = (text: string) => text.split("\n").filter((l) => !/^\s*($|\/\/|\/\*|\*)/.test(l)).length;

describe("kernel boundaries", () => {
  it("stays within ~1,500 lines of code, no file over ~300 lines", () => {
    const total = files.reduce((n, f) => n + codeLines(readFileSync(f, "utf8")), 0);
    expect(total).toBeLessThanOrEqual(1500);
    for (const f of files) expect(readFileSync(f, "utf8").split("\n").length, f).toBeLessThanOrEqual(300);
  });

  it("imports only node built-ins, its own files and its four libraries", () => {
    const allowed = /^(node:|\.\/|tapable$|jiti$|chokidar$|ajv$|@sinclair\/typebox$|#typebox$)/;
    for (const f of files) {
      const specs = [...readFileSync(f, "utf8").matchAll(/(?:from\s+|import\(|require\()\s*["']([^"']+)["']/g)].map((m) => m[1]);
      for (const spec of specs) expect(spec, `${f} imports ${spec}`).toMatch(allowed);
    }
  });
});
