// The built-in packages' resources from the build's table (compose/builtin-resources.ts): composing
// with the table gives exactly what resolving the folders gives, and a folder whose package.json
// changed since the build is resolved again. Real files in a temp install.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILTIN_RESOURCES, builtinResources, writeBuiltinResources } from "../../compose/builtin-resources.js";
import { compositionNames } from "../../compose/composition-names.js";
import { composePackages, inPackageJsonPass, packageResources, readPackageJson } from "../../lib/packages/index.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/**
 * An install with four built-ins: a manifest package, a convention-folder package (no manifest),
 * one listing a skills folder, and one listing its extensions by glob.
 */
function install(): string {
  root = mkdtempSync(join(tmpdir(), "pik-builtin-res-"));
  const write = (path: string, text: string) => {
    mkdirSync(join(root!, path, ".."), { recursive: true });
    writeFileSync(join(root!, path), text);
  };
  write("plugins/a/package.json", JSON.stringify({ name: "@pi-kernel/a", pi: { extensions: ["./index.ts"] } }));
  write("plugins/a/index.ts", "export default {};\n");
  write("plugins/b/package.json", JSON.stringify({ name: "@pi-kernel/b" }));
  write("plugins/b/extensions/one.ts", "export default {};\n");
  write("plugins/b/prompts/p.md", "Hi.\n");
  write("plugins/c/package.json", JSON.stringify({ name: "@pi-kernel/c", pi: { extensions: ["./main.ts"], skills: ["./skills"] } }));
  write("plugins/c/main.ts", "export default {};\n");
  write("plugins/c/skills/s/SKILL.md", "---\nname: s\ndescription: d\n---\n");
  write("plugins/d/package.json", JSON.stringify({ name: "@pi-kernel/d", pi: { extensions: ["./ext/*.ts"] } }));
  write("plugins/d/ext/x.ts", "export default {};\n");
  write("pi-packages.json", JSON.stringify({ packages: ["@pi-kernel/a", "@pi-kernel/b", "@pi-kernel/c", "@pi-kernel/d"] }));
  mkdirSync(join(root, "dist", "image"), { recursive: true });
  mkdirSync(join(root, "agent"));
  return root;
}

const compose = (dir: string, resolved?: (d: string) => ReturnType<ReturnType<typeof builtinResources>>) =>
  composePackages({
    packagesFile: join(dir, "pi-packages.json"),
    agentDir: join(dir, "agent"),
    cwd: dir,
    projectTrusted: false,
    report: (_level, message) => {
      throw new Error(message);
    },
    names: compositionNames(dir),
    resolved,
  });

describe("built-in resources from the build", () => {
  it("answers what resolving each folder answers, and composing with them gives the same packages", async () => {
    const dir = install();
    writeBuiltinResources(dir);
    const lookup = builtinResources(dir);
    for (const name of ["a", "c"]) {
      const folder = join(dir, "plugins", name);
      expect(lookup(folder)).toEqual(packageResources(folder, undefined, { folderIsModule: true }));
    }
    // What depends on more than package.json (convention folders, a glob) is resolved each time.
    expect(lookup(join(dir, "plugins", "b"))).toBeUndefined();
    expect(lookup(join(dir, "plugins", "d"))).toBeUndefined();
    const asked: string[] = [];
    const withTable = await inPackageJsonPass(() => compose(dir, (d) => (asked.push(d), lookup(d))));
    expect(asked).toHaveLength(4);
    expect(withTable).toEqual(await inPackageJsonPass(() => compose(dir)));
  });

  it("hands the pass the package.json it holds, and resolves a folder again once its package.json changed", async () => {
    const dir = install();
    writeBuiltinResources(dir);
    // The table's copy marked, so a read that takes it can be told from one of the file.
    const table = JSON.parse(readFileSync(join(dir, BUILTIN_RESOURCES), "utf8"));
    table["plugins/a"].json.marked = true;
    writeFileSync(join(dir, BUILTIN_RESOURCES), JSON.stringify(table));
    const lookup = builtinResources(dir);
    const a = join(dir, "plugins", "a");
    const json = await inPackageJsonPass(async () => (lookup(a), readPackageJson(a)));
    expect(json).toEqual({ name: "@pi-kernel/a", pi: { extensions: ["./index.ts"] }, marked: true });
    writeFileSync(join(a, "package.json"), JSON.stringify({ name: "@pi-kernel/a", pi: { extensions: ["./index.ts", "./more.ts"] } }));
    expect(lookup(a)).toBeUndefined();
    expect(readPackageJson(a)).toEqual({ name: "@pi-kernel/a", pi: { extensions: ["./index.ts", "./more.ts"] } });
    // The same size, a later mtime: resolved again too.
    const c = join(dir, "plugins", "c");
    const later = new Date(statSync(join(c, "package.json")).mtimeMs + 5_000);
    utimesSync(join(c, "package.json"), later, later);
    expect(lookup(c)).toBeUndefined();
    // Not a built-in folder the table holds.
    expect(lookup(join(dir, "elsewhere"))).toBeUndefined();
  });

  it("answers nothing without a table, or from a damaged one", () => {
    const dir = install();
    expect(builtinResources(dir)(join(dir, "plugins", "a"))).toBeUndefined();
    rmSync(root!, { recursive: true, force: true });
    const other = install();
    const stamp = (() => {
      const s = statSync(join(other, "plugins", "a", "package.json"));
      return `${s.size}:${s.mtimeMs}`;
    })();
    writeFileSync(join(other, BUILTIN_RESOURCES), JSON.stringify({ "plugins/a": { stamp, json: {}, resources: { extensions: "x" } } }));
    expect(builtinResources(other)(join(other, "plugins", "a"))).toBeUndefined();
  });
});
