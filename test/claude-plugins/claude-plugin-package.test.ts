// A Claude Code plugin read as a package (lib/packages/claude-plugin.ts, marketplace.ts), in
// process on the vendored fixtures and small temp folders: commands are prompts and skills
// skills (filters apply), agents, hooks and MCP configs are the parts handed over, plugin.json's
// paths add to the defaults and may not leave the plugin, and a marketplace's entries resolve to
// a folder inside it or to the pi source they name.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claudeParts, identity, isClaudePlugin, marketplacePlugin, packageResources, parseSource } from "../../lib/packages/index.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/claude-plugins/", import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);

function write(file: string, text: string): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
}

describe("a Claude Code plugin as a package", () => {
  it("offers commands as prompts and skills as skills; agents, hooks and MCP servers as its parts", () => {
    expect(isClaudePlugin(fixture("feature-dev"))).toBe(true);
    const dev = packageResources(fixture("feature-dev"));
    expect(dev).toEqual({ extensions: [], skills: [], prompts: [join(fixture("feature-dev"), "commands")], themes: [] });
    const parts = claudeParts(fixture("feature-dev"), undefined, "src", "user");
    expect(parts).toMatchObject({ name: "feature-dev", root: fixture("feature-dev"), agents: [join(fixture("feature-dev"), "agents")] });
    const style = claudeParts(fixture("explanatory-output-style"), undefined, "src", "user");
    expect(style.hooks).toEqual([{ file: join(fixture("explanatory-output-style"), "hooks", "hooks.json") }]);
    const example = fixture("example-plugin");
    const filtered = packageResources(example, { skills: ["!skills/example-skill"] } as never);
    expect(filtered.skills).toEqual([join(example, "skills", "example-command", "SKILL.md")]);
    const parted = claudeParts(example, { mcpServers: [], agents: ["!agents/x.md"] }, "src", "project");
    expect(parted).toMatchObject({ mcpServers: [], agents: [], scope: "project" });
    expect(claudeParts(example, undefined, "src", "user").mcpServers).toEqual([{ file: join(example, ".mcp.json") }]);
  });

  it("reads plugin.json's own paths (added to the defaults) and refuses one that leaves the plugin", () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-claude-plugin-"));
    write(join(dir, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "p", commands: ["./extra/run.md"], hooks: { hooks: {} } }));
    write(join(dir, "commands", "deep", "nested.md"), "x");
    write(join(dir, "extra", "run.md"), "x");
    const prompts = packageResources(dir).prompts;
    expect(prompts).toEqual([join(dir, "commands"), join(dir, "commands", "deep"), join(dir, "extra", "run.md")]);
    expect(claudeParts(dir, undefined, "s", "user").hooks).toEqual([
      { file: join(dir, ".claude-plugin", "plugin.json"), value: { hooks: {} } },
    ]);
    write(join(dir, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "p", agents: "../outside" }));
    expect(() => claudeParts(dir, undefined, "s", "user")).toThrow(/"agents" path \.\.\/outside leaves the plugin's folder/);
    // A pi manifest wins: the folder is the pi package it says it is.
    write(join(dir, "package.json"), JSON.stringify({ pi: { prompts: ["./extra"] } }));
    expect(isClaudePlugin(dir)).toBe(false);
  });

  it("finds a marketplace's plugin: a folder inside it, or the pi source it names", () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-claude-market-"));
    const plugins = [
      { name: "here", source: "./plugins/here" },
      { name: "rooted", source: "rooted" },
      { name: "gh", source: { source: "github", repo: "o/r", ref: "v1" } },
      { name: "url", source: { source: "url", url: "https://git.example/r.git" } },
      { name: "pkg", source: { source: "npm", package: "@s/p", version: "1.2.0" } },
      { name: "sub", source: { source: "git-subdir", url: "https://x/y.git", path: "p" } },
      { name: "away", source: "../away" },
    ];
    write(join(dir, ".claude-plugin", "marketplace.json"), JSON.stringify({ name: "m", metadata: { pluginRoot: "./plugins" }, plugins }));
    expect(marketplacePlugin(dir, "here")).toEqual({ kind: "path", dir: join(dir, "plugins", "here") });
    expect(marketplacePlugin(dir, "rooted")).toEqual({ kind: "path", dir: join(dir, "plugins", "rooted") });
    expect(marketplacePlugin(dir, "gh")).toEqual({ kind: "source", spec: "git:github.com/o/r@v1" });
    expect(marketplacePlugin(dir, "url")).toEqual({ kind: "source", spec: "https://git.example/r.git" });
    expect(marketplacePlugin(dir, "pkg")).toEqual({ kind: "source", spec: "npm:@s/p@1.2.0" });
    expect(() => marketplacePlugin(dir, "sub")).toThrow(/"git-subdir" cannot be installed/);
    expect(() => marketplacePlugin(dir, "away")).toThrow(/leaves the marketplace's folder/);
    expect(() => marketplacePlugin(dir, "nope")).toThrow(/has no plugin "nope" \(it has: here, rooted, gh/);
    // `#plugin` is part of the package's identity: two plugins of one marketplace are two packages.
    const a = parseSource("git:github.com/o/m@v2#one", dir);
    expect(a).toMatchObject({ kind: "git", ref: "v2", plugin: "one", path: "o/m" });
    expect(identity(a)).not.toBe(identity(parseSource("git:github.com/o/m#two", dir)));
  });
});
