// Package sources, manifests and filters (lib/packages) on real files in temp dirs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageResources } from "../../lib/packages/index.js";
import { identity, isPinned, parseSource } from "../../lib/packages/index.js";
import { isTrusted, trustDirectory, untrustedContent, withoutUntrusted } from "../../lib/packages/index.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pik-pkg-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("package sources", () => {
  it("parses npm, git, URL and local sources as pi writes them", () => {
    expect(parseSource("npm:@scope/pkg@1.2.3", "/base")).toMatchObject({ kind: "npm", name: "@scope/pkg", version: "1.2.3" });
    expect(parseSource("npm:pkg", "/base")).toMatchObject({ kind: "npm", name: "pkg", version: undefined });
    expect(parseSource("git:github.com/u/r@v1", "/base")).toMatchObject({
      kind: "git",
      url: "https://github.com/u/r",
      host: "github.com",
      path: "u/r",
      ref: "v1",
    });
    expect(parseSource("git:git@github.com:u/r", "/base")).toMatchObject({
      kind: "git",
      url: "git@github.com:u/r",
      host: "github.com",
      path: "u/r",
    });
    expect(parseSource("ssh://git@example.org/team/repo.git@main", "/base")).toMatchObject({
      host: "example.org",
      path: "team/repo",
      ref: "main",
    });
    expect(parseSource("./here", "/base")).toEqual({ kind: "local", spec: "./here", path: "/base/here" });
    expect(() => parseSource("npm:Not A Name", "/base")).toThrow(/invalid npm package name/);
  });

  it("identifies a package without its version or ref, and knows pinned ones", () => {
    expect(identity(parseSource("npm:pkg@1", "/"))).toBe(identity(parseSource("npm:pkg", "/")));
    expect(identity(parseSource("git:github.com/u/r@v1", "/"))).toBe(identity(parseSource("https://github.com/u/r", "/")));
    expect(isPinned(parseSource("npm:pkg@1", "/"))).toBe(true);
    expect(isPinned(parseSource("git:github.com/u/r", "/"))).toBe(false);
  });
});

describe("package resources", () => {
  it("follows the pi manifest, with globs and !excludes", () => {
    const dir = tree({
      "package.json": JSON.stringify({
        pi: { extensions: ["./src/*.ts", "!src/*.test.ts"], skills: ["./skills"], themes: ["themes/a.json"] },
      }),
      "src/one.ts": "",
      "src/two.ts": "",
      "src/two.test.ts": "",
      "skills/s/SKILL.md": "",
      "themes/a.json": "{}",
      "prompts/p.md": "",
    });
    const r = packageResources(dir);
    expect(r.extensions).toEqual([join(dir, "src/one.ts"), join(dir, "src/two.ts")]);
    expect(r.skills).toEqual([join(dir, "skills")]);
    expect(r.themes).toEqual([join(dir, "themes/a.json")]);
    expect(r.prompts).toEqual([]); // a manifest lists everything the package offers
  });

  it("a folder the manifest lists as extensions holds extensions: its scripts and subfolder indexes, or its own index", () => {
    const dir = tree({
      "package.json": JSON.stringify({ pi: { extensions: ["./extensions", "./single"] } }),
      "extensions/x.ts": "",
      "extensions/sub/index.ts": "",
      "extensions/sub/helper.ts": "",
      "extensions/types.d.ts": "",
      "single/index.ts": "",
      "single/helper.ts": "",
    });
    expect(packageResources(dir).extensions).toEqual([
      join(dir, "extensions/sub/index.ts"),
      join(dir, "extensions/x.ts"),
      join(dir, "single/index.ts"),
    ]);
  });

  it("uses the convention dirs without a manifest", () => {
    const dir = tree({
      "extensions/a.ts": "",
      "extensions/b/index.ts": "",
      "extensions/c.d.ts": "",
      "skills/x/SKILL.md": "",
      "prompts/p.md": "",
      "themes/t.json": "{}",
    });
    const r = packageResources(dir);
    expect(r.extensions).toEqual([join(dir, "extensions/a.ts"), join(dir, "extensions/b/index.ts")]);
    expect(r.skills).toEqual([join(dir, "skills")]);
    expect(r.prompts).toEqual([join(dir, "prompts")]);
    expect(r.themes).toEqual([join(dir, "themes")]);
  });

  it("narrows by filters: omitted = all, [] = none, globs, !, +path (puts back, never adds) and -path", () => {
    const dir = tree({ "extensions/a.ts": "", "extensions/b.ts": "", "extensions/c.ts": "", "extra/d.ts": "" });
    const ext = (f: string[] | undefined) => packageResources(dir, { extensions: f }).extensions.map((p) => p.slice(dir.length + 1));
    expect(ext(undefined)).toEqual(["extensions/a.ts", "extensions/b.ts", "extensions/c.ts"]);
    expect(ext([])).toEqual([]);
    expect(ext(["extensions/a.*"])).toEqual(["extensions/a.ts"]);
    expect(ext(["!extensions/b.ts"])).toEqual(["extensions/a.ts", "extensions/c.ts"]);
    expect(ext(["+extra/d.ts", "-extensions/c.ts", "extensions/*"])).toEqual(["extensions/a.ts", "extensions/b.ts"]);
  });
});

describe("trust", () => {
  it("remembers trusted directories (and their subdirectories)", () => {
    const agent = tree({ x: "" });
    const project = tree({
      ".pi/extensions/e.ts": "",
      ".pi/pi-packages.json": "{}",
      ".pi/settings.json": '{"packages":["x"],"theme":"dark"}',
    });
    expect(untrustedContent(project)).toEqual([".pi/extensions", ".pi/pi-packages.json", ".pi/settings.json packages"]);
    expect(isTrusted(agent, project)).toBe(false);
    trustDirectory(agent, project);
    expect(isTrusted(agent, join(project, "sub"))).toBe(true);
    expect(isTrusted(agent, `${project}-other`)).toBe(false);
  });

  it("counts subagent definitions, MCP servers and command hooks (ours, Claude Code's, Codex's) as needing trust", () => {
    const project = tree({
      ".pi/agents/reviewer.md": "---\nname: reviewer\n---\nReview.",
      ".mcp.json": '{"mcpServers":{"db":{"command":"db-server"}}}',
      ".pi/settings.json": '{"hooks":{"PreToolUse":[]}}',
      ".claude/settings.json": '{"hooks":{"Stop":[]}}',
      ".claude/settings.local.json": '{"permissions":{}}',
      ".codex/hooks.json": JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    });
    expect(untrustedContent(project)).toEqual([
      ".mcp.json",
      ".pi/agents",
      ".pi/settings.json hooks",
      ".claude/settings.json hooks",
      ".codex/hooks.json hooks",
    ]);
  });

  it("strips what an untrusted project may not set", () => {
    expect(withoutUntrusted({ theme: "x", packages: ["a"], retry: { baseUrl: "u", max: 2 } })).toEqual({ theme: "x", retry: { max: 2 } });
  });
});

describe("filters inside listed directories", () => {
  it("selects files within a listed dir (themes/*.json, skills/one)", () => {
    const dir = tree({
      "package.json": JSON.stringify({ pi: { skills: ["./skills"], themes: ["./themes"] } }),
      "skills/one/SKILL.md": "",
      "skills/two/SKILL.md": "",
      "themes/a.json": "{}",
      "themes/notes.txt": "",
    });
    const r = packageResources(dir, { skills: ["skills/one"], themes: ["themes/*.json"] });
    expect(r.skills).toEqual([join(dir, "skills/one/SKILL.md")]);
    expect(r.themes).toEqual([join(dir, "themes/a.json")]);
  });
});
