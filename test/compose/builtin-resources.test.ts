// The built-in packages' resources from the build's table (compose/builtin-resources.ts): composing
// with the table gives exactly what resolving the folders gives, and a folder whose package.json
// or contents changed since the build is resolved again. Real files in a temp install.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILTIN_RESOURCES, builtinResources, writeBuiltinResources } from "../../compose/builtin-resources.js";
import { compositionNames } from "../../compose/composition-names.js";
import { composePackages, packageResources } from "../../lib/packages/index.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** An install with three built-ins: a manifest package, a convention-folder package, and one with a skills list. */
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
  write("pi-packages.json", JSON.stringify({ packages: ["@pi-kernel/a", "@pi-kernel/b", "@pi-kernel/c"] }));
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
    for (const name of ["a", "b", "c"]) {
      const folder = join(dir, "plugins", name);
      expect(lookup(folder)).toEqual(packageResources(folder, undefined, { folderIsModule: true }));
    }
    const asked: string[] = [];
    const withTable = await compose(dir, (d) => (asked.push(d), lookup(d)));
    expect(asked).toHaveLength(3);
    expect(withTable).toEqual(await compose(dir));
  });

  it("resolves a folder again once its package.json or its contents changed", () => {
    const dir = install();
    writeBuiltinResources(dir);
    const lookup = builtinResources(dir);
    const a = join(dir, "plugins", "a");
    writeFileSync(join(a, "package.json"), JSON.stringify({ name: "@pi-kernel/a", pi: { extensions: ["./index.ts", "./more.ts"] } }));
    expect(lookup(a)).toBeUndefined();
    const b = join(dir, "plugins", "b");
    const later = new Date(statSync(b).mtimeMs + 5_000);
    mkdirSync(join(b, ".claude-plugin"));
    utimesSync(b, later, later); // the new entry's mtime, made distinct from the build's
    expect(lookup(b)).toBeUndefined();
    expect(lookup(join(dir, "plugins", "c"))).toBeDefined();
    // Not a built-in folder, or one the table does not hold.
    expect(lookup(join(dir, "elsewhere"))).toBeUndefined();
  });

  it("answers nothing without a table, or from a damaged one", () => {
    const dir = install();
    expect(builtinResources(dir)(join(dir, "plugins", "a"))).toBeUndefined();
    rmSync(root!, { recursive: true, force: true });
    const other = install();
    writeFileSync(join(other, BUILTIN_RESOURCES), JSON.stringify({ "plugins/a": { stamp: 1, resources: { extensions: "x" } } }));
    expect(builtinResources(other)(join(other, "plugins", "a"))).toBeUndefined();
  });
});
