// The hooks plugin in a real kernel with the real permission and tool plugins (the scripted
// provider as the model): each event fires with Claude Code's documented stdin shape (checked against
// test/fixtures/claude-code-hooks/input-schema.json) and its environment; exit code 2 and JSON
// decisions block or rewrite a tool call; "ask" goes to the permission plugin's question, which a
// PermissionRequest hook answers (or nobody does, and Notification hooks hear it); PostToolUse
// feedback and prompt/session context reach the model; a Stop hook keeps the run going once; a
// slow hook is stopped at its timeout; hooks come from pi's settings, .claude/settings.json and
// Codex's hooks.json alike.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, Type } from "../../../kernel/index.js";
import hooks from "../../../plugins/hooks/index.js";
import permissions from "../../../plugins/permissions/index.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { startKernel, type Harness } from "../../kernel/harness.js";
import { EVENTS, INPUT_SCHEMA as schema, logged, writeHooksProject } from "./hooks-project.js";

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

const fakeMcp = definePlugin({
  name: "fake-mcp",
  setup: (api) =>
    api.register.tool({
      name: "mcp__fake__thing",
      description: "stands in for an MCP tool",
      parameters: Type.Object({}),
      execute: async () => ({ content: [{ type: "text", text: "MCP RAN" }] }),
    }),
});

function project(trusted: boolean): { project: string; agentDir: string } {
  const root = mkdtempSync(join(tmpdir(), "pik-hooks-"));
  const project = join(root, "project");
  const agentDir = join(root, "agent");
  writeHooksProject(project);
  writeFileSync(join(project, "notes.txt"), "some notes\n");
  if (trusted) {
    mkdirSync(agentDir, { recursive: true });
    writeFileSync(join(agentDir, "trusted-projects.json"), JSON.stringify({ trusted: [project] }));
  }
  return { project, agentDir };
}

const start = (p: { project: string; agentDir: string }): Promise<Harness> =>
  startKernel([toolsCore, permissions, hooks, fakeMcp], { cwd: p.project, agentDir: p.agentDir });

const sent = (h: Harness, i: number) => JSON.stringify(h.sim.requests[i].messages);

describe("Claude Code hooks in a real kernel", () => {
  const saved = { claude: process.env.CLAUDE_CONFIG_DIR, codex: process.env.CODEX_HOME };
  beforeAll(() => {
    // The machine's own ~/.claude and ~/.codex must not add hooks to the test.
    const empty = mkdtempSync(join(tmpdir(), "pik-hooks-home-"));
    process.env.CLAUDE_CONFIG_DIR = join(empty, "claude");
    process.env.CODEX_HOME = join(empty, "codex");
  });
  afterAll(() => {
    for (const [key, value] of [
      ["CLAUDE_CONFIG_DIR", saved.claude],
      ["CODEX_HOME", saved.codex],
    ] as const)
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });

  it("fire every event with the documented input and honour their answers", async () => {
    const p = project(true);
    const h = await start(p);
    h.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: "echo original" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "rm -rf nothing-here" } }] },
      { toolCalls: [{ name: "mcp__fake__thing", arguments: {} }] },
      { toolCalls: [{ name: "write", arguments: { path: "out.txt", content: "written\n" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "out.txt" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo asked" } }] },
      { text: "done" },
      { text: "finished" },
    );
    await h.kernel.actions.prompt("hello hooks");
    await h.kernel.actions.waitForIdle();
    const r = (i: number) => sent(h, i);
    expect(h.sim.requests.length).toBe(8);
    // SessionStart's plain stdout and UserPromptSubmit's additionalContext ride on the user message.
    expect(r(0)).toContain("SESSION-CONTEXT");
    expect(r(0)).toContain("UPS-CONTEXT");
    // updatedInput rewrote the command (and "allow" skipped ask mode's question); PostToolUse's exit 2 reached the model.
    expect(r(1)).toContain("rewritten");
    expect(r(1)).toContain("POST-FEEDBACK from the hook");
    // Exit code 2 blocked the call with stderr; a JSON deny blocked the MCP tool.
    expect(r(2)).toContain("Blocked by a PreToolUse hook: no rm here");
    expect(r(3)).toContain("MCP-DENY");
    expect(r(3)).not.toContain("MCP RAN");
    // A PermissionRequest hook allowed the write that ask mode would have asked about.
    expect(readFileSync(join(p.project, "out.txt"), "utf8")).toBe("written\n");
    // The slow hook was stopped at its timeout; the read went on.
    expect(r(5)).toContain("written");
    expect(h.diagnostics.some((d) => /slow\.sh.*timed out after 0\.5 s/.test(d.message))).toBe(true);
    // "ask" went to the permission plugin; nobody can answer here, so it was refused, and Notification heard it.
    expect(r(6)).toMatch(/Permission needed for bash: echo asked.*a PreToolUse hook asks: check this one/);
    // The Stop hook kept the run going once, then let it stop.
    expect(r(7)).toContain("KEEP-GOING");
    await until(() => logged(p.project, "Notification").length > 0);

    // A UserPromptSubmit hook's exit 2 drops the prompt: no request goes out.
    await h.kernel.actions.prompt("something forbidden");
    expect(h.sim.requests.length).toBe(8);
    expect(h.diagnostics.some((d) => d.message.includes("that prompt is forbidden"))).toBe(true);

    // session-jsonl's compaction announces itself with this event.
    h.kernel.actions.emit({ type: "compaction_start", reason: "manual" });
    await until(() => logged(p.project, "PreCompact").length > 0);
    await h.kernel.stop("quit");

    for (const event of EVENTS) {
      const inputs = logged(p.project, event);
      expect(inputs.length, event).toBeGreaterThan(0);
      const ajv = new Ajv({ allErrors: true, strict: false });
      const validate = ajv.compile({ allOf: [schema.common, { type: "object", ...schema.events[event] }] });
      for (const input of inputs) {
        expect(validate(input), `${event}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        expect(input.hook_event_name).toBe(event);
        expect(input.cwd).toBe(p.project);
      }
    }
    const pre = logged(p.project, "PreToolUse");
    expect(pre.map((i) => i.tool_name).sort()).toEqual(["bash", "bash", "bash", "mcp__fake__thing", "read", "write"]);
    // Hooks written for Claude Code read `file_path`, absolute.
    expect(pre.find((i) => i.tool_name === "write")?.tool_input).toMatchObject({ path: "out.txt", file_path: join(p.project, "out.txt") });
    expect(logged(p.project, "PostToolUse").find((i) => i.tool_name === "bash")?.tool_response).toMatchObject({ output: "rewritten" });
    expect(
      logged(p.project, "Stop")
        .map((i) => i.stop_hook_active)
        .sort(),
    ).toEqual([false, true]);
    expect(logged(p.project, "SessionStart").map((i) => i.source)).toEqual(["startup"]);
    expect(logged(p.project, "PreCompact")[0]).toMatchObject({ trigger: "manual", custom_instructions: "" });
    expect(logged(p.project, "SessionEnd")[0]).toMatchObject({ reason: "other" });
    expect(logged(p.project, "Notification")[0]).toMatchObject({ notification_type: "permission_prompt" });
    expect(
      logged(p.project, "PermissionRequest")
        .map((i) => i.tool_name)
        .sort(),
    ).toEqual(["bash", "write"]);
    expect(pre[0].permission_mode).toBe("default");
    const envFile = readdirSync(join(p.project, "logs")).find((f) => f.endsWith(".env"));
    expect(readFileSync(join(p.project, "logs", String(envFile)), "utf8")).toBe(`${p.project}|${p.project}`);
  });

  it("runs no project hooks in a project that is not trusted, and /hooks says so", async () => {
    const p = project(false);
    const h = await start(p);
    h.sim.push({ toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("hello");
    await h.kernel.actions.waitForIdle();
    expect(sent(h, 0)).not.toContain("UPS-CONTEXT");
    expect(sent(h, 1)).toContain("some notes");
    const listing = h.kernel.service("hooks")?.describe();
    await h.kernel.stop("quit");
    expect(existsSync(join(p.project, "logs"))).toBe(false);
    expect(listing).toContain(`Not run: ${join(p.project, ".pi", "settings.json")} (this project is not trusted`);
    expect(listing).toContain(`Not run: ${join(p.project, ".claude", "settings.json")}`);
  });
});
