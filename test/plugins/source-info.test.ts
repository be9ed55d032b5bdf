// pi's SourceInfo rules for resources found outside the auto-discovered directories: settings
// entries (scope from the file that lists them), paths given for one run, package directories.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { givenPathMeta, type PackageOrigin, packageMeta, settingsMeta, sourceInfo } from "../../lib/resource-kit/index.js";

describe("resource source info", () => {
  let root: string;
  let cwd: string;
  let agentDir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "pik-source-info-"));
    cwd = join(root, "project");
    agentDir = join(root, "agent");
    mkdirSync(join(cwd, ".pi"), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("gives a settings entry the scope of the settings file that lists it", () => {
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ prompts: ["team-prompts"] }));
    expect(settingsMeta("prompts", "team-prompts", cwd)).toEqual({ source: "local", scope: "project", origin: "top-level" });
    expect(settingsMeta("prompts", "~/my-prompts", cwd)).toEqual({ source: "local", scope: "user", origin: "top-level" });
    expect(settingsMeta("skills", "team-prompts", cwd).scope).toBe("user");
  });

  it("makes a path given for this run temporary, based at the directory given or the file's", () => {
    mkdirSync(join(root, "once"));
    writeFileSync(join(root, "once", "a.md"), "x");
    expect(givenPathMeta(join(root, "once"), { cwd, agentDir })).toEqual({
      source: "local",
      scope: "temporary",
      origin: "top-level",
      baseDir: join(root, "once"),
    });
    expect(givenPathMeta(join(root, "once", "a.md"), { cwd, agentDir }).baseDir).toBe(join(root, "once"));
    // Under the agent's or project's resource directories it keeps their scope, as in pi.
    expect(givenPathMeta(join(agentDir, "prompts", "b.md"), { cwd, agentDir })).toEqual({
      source: "local",
      scope: "user",
      origin: "top-level",
      baseDir: join(agentDir, "prompts"),
    });
    expect(givenPathMeta(join(cwd, ".pi", "skills", "s"), { cwd, agentDir }).scope).toBe("project");
  });

  it("finds the innermost package a path belongs to", () => {
    const origins: PackageOrigin[] = [
      { baseDir: join(root, "outer"), source: "../outer", scope: "user" },
      { baseDir: join(root, "outer", "node_modules", "inner"), source: "npm:inner", scope: "project" },
    ];
    expect(packageMeta(origins, join(root, "outer", "node_modules", "inner", "prompts", "p.md"))).toEqual({
      source: "npm:inner",
      scope: "project",
      origin: "package",
      baseDir: join(root, "outer", "node_modules", "inner"),
    });
    expect(packageMeta(origins, join(root, "outer", "prompts", "p.md"))?.source).toBe("../outer");
    expect(packageMeta(origins, join(root, "outerior", "p.md"))).toBeUndefined();
    // No composition root (a bare kernel): no packages.
    expect(packageMeta(undefined, join(root, "outer", "p.md"))).toBeUndefined();
  });

  it("leaves baseDir out when there is none", () => {
    expect(sourceInfo("/x/a.md", { source: "local", scope: "user", origin: "top-level" })).toEqual({
      path: "/x/a.md",
      source: "local",
      scope: "user",
      origin: "top-level",
    });
    expect(Object.keys(sourceInfo("/x/a.md", { source: "local", scope: "user", origin: "top-level", baseDir: undefined }))).not.toContain(
      "baseDir",
    );
  });
});
