// Export coverage of pi's public entry points in pi-compat: every runtime name the reference
// packages export (test/fixtures/pi-exports.json: pi 1.5.2 / pi-tui 0.87.1 and 0.73.1, both scopes)
// resolves when an extension imports the specifier through pi-compat's aliases (jiti, as the
// kernel's loader does), and is never `undefined`. The 0.73.1 lists are also checked against the
// installed @mariozechner packages so a drift in the fixture shows.
import { readFileSync } from "node:fs";
import { createJiti } from "jiti";
import { describe, expect, it } from "vitest";
import { sharedModules } from "../../compose/shared-modules.js";
import { piCompatAliases } from "../support/kernel-modules.js";

const FIXTURE = JSON.parse(readFileSync(new URL("../fixtures/pi-exports.json", import.meta.url), "utf8")) as Record<
  string,
  { version: string; names: string[] }
>;

let jiti: Promise<ReturnType<typeof createJiti>> | undefined;

/**
 * One jiti for the file, with its module cache: the specifiers share most of pi-compat's modules, and
 * evaluating them again for each one (~10 s for the file on a 2-core machine) proves nothing more
 * about which names a specifier exports.
 */
async function loadAs(specifier: string): Promise<Record<string, unknown>> {
  // The aliases as such, not kernelModules()'s virtual modules: this file is about what they resolve to.
  jiti ??= sharedModules().then((modules) =>
    createJiti(import.meta.url, { moduleCache: true, interopDefault: false, alias: piCompatAliases(), virtualModules: modules }),
  );
  return (await (await jiti).import(specifier)) as Record<string, unknown>;
}

describe("pi's exports resolve in pi-compat", () => {
  for (const [specifier, { version, names }] of Object.entries(FIXTURE)) {
    it(`${specifier} (${version}): every runtime name`, async () => {
      const mod = await loadAs(specifier);
      const missing = names.filter((name) => mod[name] === undefined);
      expect(missing, `${specifier} lacks ${missing.length} of ${names.length}`).toEqual([]);
    }, 60_000);
  }
});

describe("the 0.73.1 lists match the installed reference packages", () => {
  for (const specifier of Object.keys(FIXTURE).filter((s) => s.startsWith("@mariozechner/") && !s.includes("coding-agent"))) {
    it(`${specifier}`, async () => {
      const real = (await import(specifier)) as Record<string, unknown>;
      const values = Object.keys(real).filter((k) => k !== "default" && real[k] !== undefined);
      expect(values.sort()).toEqual([...FIXTURE[specifier].names].sort());
    }, 60_000);
  }
});
