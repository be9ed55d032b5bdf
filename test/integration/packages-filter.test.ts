// pi's resource patterns (lib/packages), on real package folders in temp dirs, as pi 0.86's
// package manager applies them: `+path` only puts back a file the package offers, `-path` drops
// one file (a skill, prompt or theme inside a folder the package lists too), `-` beats `+`, `!`
// globs match by relative path or file name, the settings' overrides switch auto-discovered
// resources, and a project delta (`autoload: false`) changes only the files it names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyDelta, enabledByOverrides, packageResources, packageResourceStates } from "../../lib/packages/index.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pik-filter-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const PACKAGE = {
  "package.json": JSON.stringify({
    name: "p",
    pi: { extensions: ["./extensions"], skills: ["./skills"], prompts: ["./prompts"], themes: ["./themes"] },
  }),
  "extensions/a.ts": "",
  "extensions/b.ts": "",
  "extensions/c/index.ts": "",
  "extra/d.ts": "",
  "skills/alpha/SKILL.md": "",
  "skills/beta/SKILL.md": "",
  "prompts/review.md": "",
  "prompts/fix.md": "",
  "themes/one.json": "{}",
  "themes/two.json": "{}",
};

describe("package filters, pi's semantics", () => {
  const dir = tree(PACKAGE);
  const rel = (paths: string[]) => paths.map((p) => p.slice(dir.length + 1));
  const only = (kind: "extensions" | "skills" | "prompts" | "themes", patterns: string[]) =>
    rel(packageResources(dir, { [kind]: patterns })[kind]);

  it("+path puts back what ! dropped, and never adds a file the package does not offer", () => {
    expect(only("extensions", ["!extensions/**", "+extensions/a.ts"])).toEqual(["extensions/a.ts"]);
    // No selection given: + is not one, everything offered stays; extra/d.ts is not offered.
    expect(only("extensions", ["+extra/d.ts"])).toEqual(["extensions/a.ts", "extensions/b.ts", "extensions/c/index.ts"]);
  });

  it("-path drops one file even inside a listed folder: a skill, a prompt, a theme", () => {
    expect(only("skills", ["-skills/alpha/SKILL.md"])).toEqual(["skills/beta/SKILL.md"]);
    expect(only("skills", ["-skills/beta"])).toEqual(["skills/alpha/SKILL.md"]); // a skill by its folder
    expect(only("prompts", ["-prompts/fix.md"])).toEqual(["prompts/review.md"]);
    expect(only("themes", ["-themes/two.json"])).toEqual(["themes/one.json"]);
  });

  it("-path beats +path; plain globs select; ! matches by file name; [] loads none", () => {
    expect(only("extensions", ["+extensions/a.ts", "-extensions/a.ts"])).toEqual(["extensions/b.ts", "extensions/c/index.ts"]);
    expect(only("extensions", ["extensions/*.ts"])).toEqual(["extensions/a.ts", "extensions/b.ts"]);
    expect(only("extensions", ["!b.ts"])).toEqual(["extensions/a.ts", "extensions/c/index.ts"]);
    expect(only("themes", [])).toEqual([]);
  });

  it("an unfiltered kind keeps the folders the package lists; every file is listed with its state", () => {
    const r = packageResources(dir, { extensions: ["-extensions/b.ts"] });
    expect(rel(r.skills)).toEqual(["skills"]);
    const states = packageResourceStates(dir, { skills: ["-skills/alpha/SKILL.md"] });
    expect(states.skills.map((s) => [s.path.slice(dir.length + 1), s.enabled])).toEqual([
      ["skills/alpha/SKILL.md", false],
      ["skills/beta/SKILL.md", true],
    ]);
  });

  it("a project delta switches only the files it names", () => {
    const states = packageResourceStates(dir).extensions;
    const after = applyDelta(states, ["-extensions/a.ts"], dir);
    expect(after.filter((s) => s.enabled).map((s) => s.path.slice(dir.length + 1))).toEqual(["extensions/b.ts", "extensions/c/index.ts"]);
    const none = states.map((s) => ({ ...s, enabled: false }));
    expect(applyDelta(none, ["+extensions/b.ts"], dir).filter((s) => s.enabled)).toEqual([
      { path: join(dir, "extensions/b.ts"), enabled: true },
    ]);
  });
});

describe("overrides on auto-discovered resources", () => {
  it("! globs drop, +path puts back, -path drops, relative to the base", () => {
    const base = "/home/u/.pi/agent";
    const file = `${base}/extensions/x.ts`;
    expect(enabledByOverrides(file, [], base)).toBe(true);
    expect(enabledByOverrides(file, ["-extensions/x.ts"], base)).toBe(false);
    expect(enabledByOverrides(file, ["!extensions/*", "+extensions/x.ts"], base)).toBe(true);
    expect(enabledByOverrides(file, ["+extensions/x.ts", "-extensions/x.ts"], base)).toBe(false);
    expect(enabledByOverrides(file, [`-${file}`], base)).toBe(false); // by absolute path
    expect(enabledByOverrides(file, ["extensions/x.ts"], base)).toBe(true); // a plain path is no override
  });
});

describe("a folder with neither manifest nor convention folders", () => {
  it("is itself the extension when given by path, and only then", () => {
    const bare = tree({ "package.json": JSON.stringify({ name: "bare", main: "lib/main.js" }), "lib/main.js": "" });
    expect(packageResources(bare, undefined, { folderIsModule: true }).extensions).toEqual([bare]);
    expect(packageResources(bare).extensions).toEqual([]);
    const withSkills = tree({ "package.json": "{}", "skills/s/SKILL.md": "" });
    expect(packageResources(withSkills, undefined, { folderIsModule: true }).extensions).toEqual([]);
    const withManifest = tree({ "package.json": JSON.stringify({ pi: { video: "x.mp4" } }) });
    expect(packageResources(withManifest, undefined, { folderIsModule: true }).extensions).toEqual([]);
  });
});
