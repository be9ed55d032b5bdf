// The build's table of the full-screen frame's terminfo entry (scripts/terminfo-table.mjs, used by
// plugins/ui-fullscreen/blessed-lite.ts in the image): its parse result is neo-blessed's parse of the
// same file, and each compiled capability writes what neo-blessed's own compiler's function writes,
// for any parameters (a wrong table would draw a wrong screen).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminfoTable } from "../../scripts/terminfo-table.mjs";
import type { TerminfoTable } from "../../plugins/ui-fullscreen/shipped-terminfo.js";

const root = join(import.meta.dirname, "..", "..");
const load = createRequire(join(root, "package.json"));
type Cap = (params: unknown) => unknown;
interface Tput {
  readTerminfo(): { strings: Record<string, string> } & Record<string, unknown>;
  _compile(info: object, key: string, str: string): Cap;
}
const Tput = load("neo-blessed/lib/tput.js") as new (options: object) => Tput;
const file = join(dirname(load.resolve("neo-blessed/lib/tput.js")), "..", "usr", "xterm-256color");

let dir: string;
let table: TerminfoTable;
let tput: Tput;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pik-terminfo-"));
  writeFileSync(join(dir, "table.mjs"), terminfoTable(root));
  table = (await import(pathToFileURL(join(dir, "table.mjs")).href)).shippedXterm256;
  tput = new Tput({ terminal: "xterm-256color", terminfoFile: file });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the full-screen frame's terminfo table", () => {
  it("gives neo-blessed's parse of the shipped entry, a fresh object each time", () => {
    const info = table.info(file);
    expect(info).toEqual(tput.readTerminfo());
    expect(table.info(file)).not.toBe(info);
  });

  it("compiles every capability it holds to what neo-blessed's compiler does, for any parameters", () => {
    const info = tput.readTerminfo();
    const keys = Object.keys(table.caps);
    expect(keys.length).toBeGreaterThan(150);
    const param = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.string({ maxLength: 4 }));
    for (const key of keys) {
      const theirs = tput._compile(info, key, info.strings[key]);
      fc.assert(
        fc.property(fc.array(param, { maxLength: 9 }), (params) => {
          expect(table.caps[key]([...params])).toBe(theirs([...params]));
        }),
        { numRuns: 15 },
      );
    }
  });
});
