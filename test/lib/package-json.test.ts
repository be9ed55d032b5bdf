// lib/packages/package-json.ts: a package.json parsed once and read again when it changes, on
// real files, as a long-lived session meets them (an edit of the same length, a replaced file).
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  inPackageJsonPass,
  isInstalled,
  packageJsonStat,
  packageResources,
  parseSource,
  readPackageJson,
} from "../../lib/packages/index.js";

const root = mkdtempSync(join(tmpdir(), "pik-pkgjson-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function pkg(name: string, json: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), json);
  return dir;
}

describe("readPackageJson", () => {
  it("returns the same parse while the file is unchanged, and the new one after an edit of the same length", () => {
    const dir = pkg("same-length", '{"name":"aaa"}');
    const first = readPackageJson(dir);
    expect(first).toEqual({ name: "aaa" });
    expect(readPackageJson(dir)).toBe(first);
    writeFileSync(join(dir, "package.json"), '{"name":"bbb"}');
    // Rewritten in place at the same length, only the mtime tells: set apart here, as on a
    // filesystem whose clock is coarser than two writes in one test.
    utimesSync(join(dir, "package.json"), new Date(), new Date(Date.now() + 2000));
    expect(readPackageJson(dir)).toEqual({ name: "bbb" });
  });

  it("sees a file replaced by rename (a new inode), as editors and npm write it", () => {
    const dir = pkg("renamed", '{"name":"old"}');
    expect(readPackageJson(dir)?.name).toBe("old");
    writeFileSync(join(root, "next.json"), '{"name":"new"}');
    renameSync(join(root, "next.json"), join(dir, "package.json"));
    expect(readPackageJson(dir)?.name).toBe("new");
  });

  it("gives undefined without a package.json (or for a file given as the folder), {} for JSON that is no object, and names the file when it is not JSON", () => {
    const none = join(root, "none");
    mkdirSync(none);
    expect(readPackageJson(none)).toBeUndefined();
    writeFileSync(join(root, "plugin.ts"), "export default {}");
    expect(readPackageJson(join(root, "plugin.ts"))).toBeUndefined();
    expect(readPackageJson(pkg("list", "[1, 2]"))).toEqual({});
    const broken = pkg("broken", "{ nope");
    expect(() => readPackageJson(broken)).toThrow(join(broken, "package.json"));
  });

  it("a package's resources follow an edit of its manifest", () => {
    const dir = pkg("resources", JSON.stringify({ pi: { extensions: ["./a.ts"] } }));
    writeFileSync(join(dir, "a.ts"), "");
    writeFileSync(join(dir, "b.ts"), "");
    expect(packageResources(dir).extensions).toEqual([join(dir, "a.ts")]);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ pi: { extensions: ["./b.ts", "./a.ts"] } }));
    expect(packageResources(dir).extensions).toEqual([join(dir, "b.ts"), join(dir, "a.ts")]);
  });

  it("within a composing pass checks each file once; the next pass sees an edit; a broken file throws on every read", async () => {
    const dir = pkg("pass", '{"name":"one"}');
    const broken = pkg("pass-broken", "{ nope");
    const later = () => {
      writeFileSync(join(dir, "package.json"), '{"name":"two"}');
      utimesSync(join(dir, "package.json"), new Date(), new Date(Date.now() + 4000));
    };
    const seen = await inPackageJsonPass(async () => {
      const first = readPackageJson(dir)?.name;
      later();
      await new Promise((r) => setTimeout(r, 1));
      expect(() => readPackageJson(broken)).toThrow("package.json");
      expect(() => readPackageJson(broken)).toThrow("package.json");
      return [first, readPackageJson(dir)?.name];
    });
    expect(seen).toEqual(["one", "one"]);
    expect(readPackageJson(dir)?.name).toBe("two");
    expect(await inPackageJsonPass(async () => readPackageJson(dir)?.name)).toBe("two");
  });

  it("within a pass a package.json is stat'ed once, and a folder whose package.json it found counts as installed; outside one, each asks anew", async () => {
    const dir = pkg("stat-once", '{"name":"s"}');
    const local = parseSource(dir, root);
    const inPass = await inPackageJsonPass(async () => {
      const first = packageJsonStat(dir);
      rmSync(dir, { recursive: true });
      return [first !== undefined, packageJsonStat(dir) === first, isInstalled(local, root)];
    });
    expect(inPass).toEqual([true, true, true]);
    expect([packageJsonStat(dir), isInstalled(local, root)]).toEqual([undefined, false]);
    expect(await inPackageJsonPass(async () => [packageJsonStat(dir), isInstalled(local, root)])).toEqual([undefined, false]);
  });
});
