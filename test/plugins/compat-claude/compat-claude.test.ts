// Claude Code's resources in a temp project, through the real skills, prompts, subagents and
// commands plugins in a real kernel: a .claude skill (and one in ~/.claude) is listed to the model
// and an edit to it is in the next request; a .claude agent is offered as a subagent; a nested
// .claude command is a prompt template with $ARGUMENTS and $1; none of the project's come in
// when the project is not trusted, and compat.claude: false turns them all off.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import commandsCore from "../../../plugins/commands-core/index.js";
import permissions from "../../../plugins/permissions/index.js";
import compatClaude from "../../../plugins/compat-claude/index.js";
import prompts from "../../../plugins/prompts/index.js";
import skills from "../../../plugins/skills/index.js";
import subagents from "../../../plugins/subagents/index.js";
import { checkAgent } from "../../../plugins/subagents/agents.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { startKernel } from "../../kernel/harness.js";
import { BUILTIN_NAMES } from "../../support/builtin-resources.js";

function write(file: string, text: string): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
}

function claudeProject(trusted: boolean) {
  const root = mkdtempSync(join(tmpdir(), "pik-claude-"));
  const project = join(root, "project");
  const agentDir = join(root, "agent");
  const skill = join(project, ".claude", "skills", "lint-rules", "SKILL.md");
  write(skill, "---\nname: lint-rules\ndescription: How this project lints its code\n---\nRun the linter.\n");
  write(
    join(process.env.CLAUDE_CONFIG_DIR!, "skills", "home-skill", "SKILL.md"),
    "---\nname: home-skill\ndescription: A skill from ~/.claude\n---\nx\n",
  );
  write(
    join(project, ".claude", "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews a change for bugs\ntools: Read, Grep, Bash(git diff:*)\nmodel: inherit\n---\nYou review code.\n",
  );
  write(
    join(project, ".claude", "commands", "frontend", "component.md"),
    "---\ndescription: Make a component\nargument-hint: <name> [size]\nallowed-tools: Write\n---\nCreate the component $1 ($ARGUMENTS).\n",
  );
  mkdirSync(agentDir, { recursive: true });
  if (trusted) writeFileSync(join(agentDir, "trusted-projects.json"), JSON.stringify({ trusted: [project] }));
  return { project, agentDir, skill };
}

const plugins = [commandsCore, toolsCore, skills, prompts, subagents, compatClaude];

describe("Claude Code's skills, agents and commands", () => {
  const saved = process.env.CLAUDE_CONFIG_DIR;
  beforeAll(() => {
    process.env.CLAUDE_CONFIG_DIR = mkdtempSync(join(tmpdir(), "pik-claude-home-"));
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CLAUDE_CONFIG_DIR;
    else process.env.CLAUDE_CONFIG_DIR = saved;
  });

  it("work in a trusted project, next to ours", async () => {
    const p = claudeProject(true);
    const h = await startKernel(plugins, { cwd: p.project, agentDir: p.agentDir });
    h.sim.push({ text: "one" }, { text: "two" });
    await h.kernel.actions.prompt("/component Button big");
    await h.kernel.actions.waitForIdle();
    const first = h.sim.requests[0];
    expect(JSON.stringify(first.messages)).toContain("Create the component Button (Button big).");
    expect(first.systemPrompt).toContain("How this project lints its code");
    expect(first.systemPrompt).toContain("A skill from ~/.claude");
    expect(first.systemPrompt).toContain("<name>reviewer</name>");
    const command = (await h.kernel.service("commands")!.list()).find((c) => c.name === "component");
    expect(command).toMatchObject({ description: "Make a component", argumentHint: "<name> [size]" });
    // Live, like our own skills: the edit is in the next request.
    writeFileSync(p.skill, "---\nname: lint-rules\ndescription: Lints with biome now\n---\nRun biome.\n");
    await h.kernel.actions.prompt("again");
    await h.kernel.actions.waitForIdle();
    expect(h.sim.requests[1].systemPrompt).toContain("Lints with biome now");
    await h.kernel.stop("quit");
  });

  it("leave an untrusted project's out (the user's stay), and all of them with compat.claude: false", async () => {
    const p = claudeProject(false);
    const h = await startKernel(plugins, { cwd: p.project, agentDir: p.agentDir });
    const names = (await h.kernel.service("commands")!.list()).map((c) => c.name);
    expect(names).not.toContain("component");
    const all = await h.kernel.service("skills")!.list();
    const ours = (list: { name: string }[]) => list.map((s) => s.name).filter((n) => !BUILTIN_NAMES.has(n));
    expect(ours(all)).toEqual(["home-skill"]);
    await h.kernel.stop("quit");
    const t = claudeProject(true);
    const off = await startKernel(plugins, { cwd: t.project, agentDir: t.agentDir, settings: { compat: { claude: false } } });
    expect(ours(await off.kernel.service("skills")!.list())).toEqual([]);
    await off.kernel.stop("quit");
  });

  it("merge .claude/settings.json permission rules under ours; an untrusted project's allow rules do not count", async () => {
    const rules = { permissions: { deny: ["Bash(rm:*)"], allow: ["Bash(echo:*)"] } };
    const results = async (trusted: boolean) => {
      const p = claudeProject(trusted);
      write(join(p.project, ".claude", "settings.json"), JSON.stringify(rules));
      write(join(p.project, ".pi", "settings.json"), JSON.stringify({ permissions: { mode: "ask" } }));
      const h = await startKernel([toolsCore, permissions], { cwd: p.project, agentDir: p.agentDir });
      h.sim.push(
        { toolCalls: [{ name: "bash", arguments: { command: "rm -rf nothing-here" } }] },
        { toolCalls: [{ name: "bash", arguments: { command: "echo allowed" } }] },
        { text: "ok" },
      );
      await h.kernel.actions.prompt("go");
      await h.kernel.actions.waitForIdle();
      await h.kernel.stop("quit");
      return JSON.stringify(h.sim.requests[2].messages);
    };
    const trusted = await results(true);
    expect(trusted).toContain("Permission denied by the rule Bash(rm:*) (claude-project settings");
    expect(trusted).toContain('"text":"allowed"');
    const untrusted = await results(false);
    expect(untrusted).toContain("Permission denied by the rule Bash(rm:*)");
    expect(untrusted).toContain("Permission needed for bash: echo allowed");
  });

  it("map an agent's Claude Code frontmatter: tool names and model: inherit", () => {
    const { agent } = checkAgent(
      { description: "d", tools: "Read, Grep, Bash(git diff:*), mcp__x__y", model: "inherit" },
      "b",
      "/a/r.md",
      "user",
    );
    expect(agent).toMatchObject({ name: "r", tools: ["read", "grep", "bash", "mcp__x__y"], model: undefined });
    expect(checkAgent({ description: "d", model: "sonnet" }, "b", "/a/r.md", "user").agent?.model).toBe("sonnet");
  });
});
