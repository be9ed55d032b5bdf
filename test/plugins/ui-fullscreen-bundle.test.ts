// neo-blessed's files as the start-up image holds them (scripts/neo-blessed-edits.mjs, applied by
// scripts/bundle-dist.mjs): every edit still finds its text in the installed neo-blessed, and the
// colour tables written as literals are exactly the state colors.js's own code leaves.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { neoBlessedEdits } from "../../scripts/neo-blessed-edits.mjs";

const root = join(import.meta.dirname, "..", "..");
const lib = dirname(createRequire(join(root, "package.json")).resolve("neo-blessed/lib/tput.js"));
const source = (file: string) => readFileSync(join(lib, `${file}.js`), "utf8");

/** What a CommonJS file leaves in its exports, run in a context of its own (data only: functions drop out). */
function exportsOf(code: string): unknown {
  const module = { exports: {} };
  runInNewContext(`(function (exports, module) {${code}\n})`, {})(module.exports, module);
  return JSON.parse(JSON.stringify(module.exports));
}

describe("neo-blessed in the image", () => {
  it("edits the files it names in the installed neo-blessed and leaves the others alone", () => {
    for (const file of ["tput", "unicode", "program", "colors"]) {
      const edited = neoBlessedEdits(file, source(file));
      expect(edited, file).not.toBeNull();
      expect(edited, file).not.toBe(source(file));
    }
    expect(neoBlessedEdits("helpers", source("helpers"))).toBeNull();
  });

  it("fails on a file whose text has moved instead of shipping it unedited", () => {
    expect(() => neoBlessedEdits("unicode", source("unicode").replace("require('../')", "require('..')"))).toThrow(/has changed/);
    expect(() => neoBlessedEdits("colors", "exports.colors = [];")).toThrow(/has changed/);
  });

  it("writes colors.js's palette and its match cache as the state the file's own code leaves", () => {
    const edited = neoBlessedEdits("colors", source("colors")) ?? "";
    expect(edited).not.toContain("exports.colors = (function() {");
    expect(exportsOf(edited)).toEqual(exportsOf(source("colors")));
  });
});
