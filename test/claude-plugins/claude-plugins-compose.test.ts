// Claude Code plugins given with `-e` compose as installed ones do, in process (compose/agent.ts
// with the resource, hooks and claude-plugins plugins, on the vendored fixtures): the command is a
// template, the agents reach the subagents service's index, the hook is listed by the hooks
// service with the plugin's file as its source, and the package-resources service names the plugins.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type ComposedAgent, composeAgent } from "../../compose/agent.js";
import type { Diagnostic } from "../../kernel/index.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/claude-plugins/", import.meta.url));

let root: string | undefined;
let agent: ComposedAgent | undefined;
afterEach(async () => {
  await agent?.kernel.stop();
  agent?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("Claude Code plugins given with -e", () => {
  it("compose as installed ones do", async () => {
    root = mkdtempSync(join(tmpdir(), "pik-claude-compose-"));
    mkdirSync(join(root, "project", ".git"), { recursive: true });
    mkdirSync(join(root, "agent"));
    const names = ["commands-core", "prompts", "skills", "subagents", "hooks", "claude-plugins"];
    writeFileSync(join(root, "pi-packages.json"), JSON.stringify({ packages: names.map((n) => `@pi-kernel/${n}`) }));
    const problems: Diagnostic[] = [];
    const featureDev = join(FIXTURES, "feature-dev");
    const style = join(FIXTURES, "explanatory-output-style");
    agent = await composeAgent({
      cwd: join(root, "project"),
      agentDir: join(root, "agent"),
      flags: { packages: join(root, "pi-packages.json"), mode: "print" },
      extensions: [featureDev, style],
      noExtensions: true,
      report: (d) => d.level !== "info" && problems.push(d),
    });
    await agent.start();
    const parts = agent.kernel.service("package-resources")!.claudePlugins!;
    expect(parts.map((p) => p.name)).toEqual(["feature-dev", "explanatory-output-style"]);
    const commands = await agent.kernel.service("commands")!.list();
    expect(commands.find((c) => c.name === "feature-dev")?.source).toBe("prompt");
    const hooks = agent.kernel.service("hooks")!.describe();
    expect(hooks).toContain("SessionStart");
    expect(hooks).toContain(join(style, "hooks", "hooks.json"));
    expect(problems).toEqual([]);
  });
});
