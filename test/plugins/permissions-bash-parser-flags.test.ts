// The bash parser compiles its WebAssembly with a V8 flag changed for the moment of the compile
// (plugins/permissions/bash-parser.ts: no tier-up on first use). V8 refuses a code cache while any
// flag differs from what it was made under, so the flag must be back once the parser has loaded:
// otherwise every image file loaded later in the process would be compiled from source.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { bashParser, loadBashParser, parseBash } from "../../plugins/permissions/bash-parser.js";

const parserModule = fileURLToPath(new URL("../../dist/plugins/permissions/bash-parser.js", import.meta.url));

/** Runs an ES module in a fresh Node process; returns its stdout. */
function node(source: string): string {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", source], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

it("a code cache made before the bash parser loads is still accepted after it", () => {
  const cache = join(mkdtempSync(join(tmpdir(), "bash-parser-flags-")), "cache.bin");
  const script = `const src = "function f(a) { return a.map((x) => x * 2).reduce((s, x) => s + x, 0); } f([1, 2, 3]);";`;
  // Made in one process and read in another: within a process V8's compilation cache answers a second
  // Script of the same source without looking at the cached data.
  node(`import vm from "node:vm"; import fs from "node:fs"; ${script}
const s = new vm.Script(src, { filename: "probe.js" }); s.runInThisContext();
fs.writeFileSync(${JSON.stringify(cache)}, s.createCachedData());`);
  const after = node(`import vm from "node:vm"; import fs from "node:fs"; ${script}
const { loadBashParser, parseBash } = await import(${JSON.stringify(parserModule)});
await loadBashParser();
const parsed = parseBash("rm -rf $(echo x)");
const s = new vm.Script(src, { filename: "probe.js", cachedData: fs.readFileSync(${JSON.stringify(cache)}) });
console.log(JSON.stringify({ parsed: typeof parsed === "string" ? parsed : parsed.root.type, refused: s.cachedDataRejected }));`);
  expect(JSON.parse(after)).toEqual({ parsed: "program", refused: false });
});

it("loading the parser leaves WebAssembly.instantiate as it found it, and parses", async () => {
  const instantiate = WebAssembly.instantiate;
  await loadBashParser();
  expect(WebAssembly.instantiate).toBe(instantiate);
  expect(typeof bashParser()).not.toBe("string");
  const parsed = parseBash("echo $(rm -rf /tmp/x) | cat");
  if (typeof parsed === "string") throw new Error(parsed);
  expect(parsed.hasError).toBe(false);
  expect(parsed.root.type).toBe("program");
});
