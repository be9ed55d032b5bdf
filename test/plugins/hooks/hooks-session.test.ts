// The hooks plugin in a real agent (the SDK's composition: every built-in plugin, the simulator as
// the model): each event fires with Claude Code's documented stdin shape (checked against
// test/fixtures/claude-code-hooks/input-schema.json) and its environment; exit code 2 and JSON
// decisions block or rewrite a tool call; "ask" goes to the permission plugin's question, which a
// PermissionRequest hook answers (or nobody does, and Notification hooks hear it); PostToolUse
// feedback and prompt/session context reach the model; a Stop hook keeps the run going once; a
// slow hook is stopped at its timeout; hooks come from pi's settings, .claude/settings.json and
// Codex's hooks.json alike.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type, type Diagnostic } from "../../../kernel/index.js";
import { createAgentSession } from "../../../sdk/index.js";
import { makeProject } from "../../support/scenario.mjs";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { EVENTS, writeHooksProject } from "./hooks-project.js";

const schema = JSON.parse(readFileSync(new URL("../../fixtures/claude-code-hooks/input-schema.json", import.meta.url), "utf8"));

function logged(project: string, event: string): Record<string, unknown>[] {
  const dir = join(project, "logs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${event}-`) && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>);
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}

const body = (sim: Simulator, i: number) => JSON.stringify(sim.requests[i].body);

/** Only the plugins these tests need: loading the whole default composition costs seconds. */
function packagesFile(root: string): string {
  const names = ["commands-core", "models", "settings", "provider-openai-completions", "tools-core", "permissions", "hooks"];
  const file = join(root, "pi-packages.json");
  writeFileSync(file, JSON.stringify({ packages: [...names, "session-jsonl", "compaction-summarize"].map((n) => `@pi-kernel/${n}`) }));
  return file;
}

describe("Claude Code hooks in a real agent", () => {
  let sim: Simulator;
  const saved = { claude: process.env.CLAUDE_CONFIG_DIR, codex: process.env.CODEX_HOME };
  beforeAll(async () => {
    sim = await startSimulator();
    // The machine's own ~/.claude and ~/.codex must not add hooks to the test.
    const empty = mkdtempSync(join(tmpdir(), "pik-hooks-home-"));
    process.env.CLAUDE_CONFIG_DIR = join(empty, "claude");
    process.env.CODEX_HOME = join(empty, "codex");
  });
  afterAll(async () => {
    await sim.close();
    for (const [key, value] of [["CLAUDE_CONFIG_DIR", saved.claude], ["CODEX_HOME", saved.codex]] as const)
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });

  it("fire every event with the documented input and honour their answers", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    writeHooksProject(project);
    const diagnostics: Diagnostic[] = [];
    const session = await createAgentSession({
      cwd: project,
      agentDir,
      model: "sim/sim-model",
      trust: true,
      packagesFile: packagesFile(root),
      onDiagnostic: (d) => diagnostics.push(d),
      customTools: [
        {
          name: "mcp__fake__thing",
          description: "stands in for an MCP tool",
          parameters: Type.Object({}),
          execute: async () => ({ content: [{ type: "text", text: "MCP RAN" }] }),
        },
      ],
    });
    const start = sim.requests.length;
    sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "echo original" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "rm -rf nothing-here" } }] },
      { toolCalls: [{ name: "mcp__fake__thing", arguments: {} }] },
      { toolCalls: [{ name: "write", arguments: { path: "out.txt", content: "written\n" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "out.txt" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo asked" } }] },
      { text: "done" },
      { text: "finished" },
    );
    await session.prompt("hello hooks");
    const r = (i: number) => body(sim, start + i);
    expect(sim.requests.length - start).toBe(8);
    // SessionStart's plain stdout and UserPromptSubmit's additionalContext ride on the user message.
    expect(r(0)).toContain("SESSION-CONTEXT");
    expect(r(0)).toContain("UPS-CONTEXT");
    // updatedInput rewrote the command (and "allow" skipped ask mode's question); PostToolUse's exit 2 reached the model.
    expect(r(1)).toContain("rewritten");
    expect(r(1)).not.toContain("original\\n");
    expect(r(1)).toContain("POST-FEEDBACK from the hook");
    // Exit code 2 blocked the call with stderr; a JSON deny blocked the MCP tool.
    expect(r(2)).toContain("no rm here");
    expect(r(3)).toContain("MCP-DENY");
    expect(r(3)).not.toContain("MCP RAN");
    // A PermissionRequest hook allowed the write that ask mode would have asked about.
    expect(readFileSync(join(project, "out.txt"), "utf8")).toBe("written\n");
    // The slow hook was stopped at its timeout; the read went on.
    expect(r(5)).toContain("written");
    expect(diagnostics.some((d) => /slow\.sh.*timed out after 0\.5 s/.test(d.message))).toBe(true);
    // "ask" went to the permission plugin; nobody can answer in the SDK, so it was refused, and Notification heard it.
    expect(r(6)).toMatch(/Permission needed for bash: echo asked.*a PreToolUse hook asks: check this one/);
    // The Stop hook kept the run going once, then let it stop.
    expect(r(7)).toContain("KEEP-GOING");
    await until(() => logged(project, "Notification").length > 0);

    // A UserPromptSubmit hook's exit 2 drops the prompt: no request goes out.
    const before = sim.requests.length;
    await session.prompt("something forbidden");
    expect(sim.requests.length).toBe(before);
    expect(diagnostics.some((d) => d.message.includes("that prompt is forbidden"))).toBe(true);

    sim.script({ text: "A summary of the conversation." });
    await session.compact();
    await until(() => logged(project, "PreCompact").length > 0);
    await session.dispose();

    for (const event of EVENTS) {
      const inputs = logged(project, event);
      expect(inputs.length, event).toBeGreaterThan(0);
      const ajv = new Ajv({ allErrors: true, strict: false });
      const validate = ajv.compile({ allOf: [schema.common, { type: "object", ...schema.events[event] }] });
      for (const input of inputs) {
        expect(validate(input), `${event}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        expect(input.hook_event_name).toBe(event);
        expect(input.cwd).toBe(project);
      }
    }
    const pre = logged(project, "PreToolUse");
    expect(pre.map((i) => i.tool_name).sort()).toEqual(["bash", "bash", "bash", "mcp__fake__thing", "read", "write"]);
    // Hooks written for Claude Code read `file_path`, absolute.
    expect(pre.find((i) => i.tool_name === "write")?.tool_input).toMatchObject({ path: "out.txt", file_path: join(project, "out.txt") });
    expect(logged(project, "PostToolUse").find((i) => i.tool_name === "bash")?.tool_response).toMatchObject({ output: "rewritten\n" });
    expect(logged(project, "Stop").map((i) => i.stop_hook_active).sort()).toEqual([false, true]);
    expect(logged(project, "SessionStart").map((i) => i.source).sort()).toEqual(["compact", "startup"]);
    expect(logged(project, "PreCompact")[0]).toMatchObject({ trigger: "manual" });
    expect(logged(project, "Notification")[0]).toMatchObject({ notification_type: "permission_prompt" });
    expect(logged(project, "PermissionRequest").map((i) => i.tool_name).sort()).toEqual(["bash", "write"]);
    expect(logged(project, "PreToolUse")[0].permission_mode).toBe("default");
    const envFile = readdirSync(join(project, "logs")).find((f) => f.endsWith(".env"));
    expect(readFileSync(join(project, "logs", String(envFile)), "utf8")).toBe(`${project}|${project}`);
  }, 120_000);

  it("runs no project hooks in a project that is not trusted, and /hooks says so", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    writeHooksProject(project);
    writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify({ hooks: JSON.parse(readFileSync(join(project, ".pi", "settings.json"), "utf8")).hooks }));
    const session = await createAgentSession({
      cwd: project,
      agentDir,
      model: "sim/sim-model",
      noSession: true,
      packagesFile: packagesFile(root),
      onDiagnostic: () => {},
    });
    const start = sim.requests.length;
    sim.script({ toolCalls: [{ name: "bash", arguments: { command: "rm -rf nothing-here" } }] }, { text: "ok" });
    await session.prompt("hello");
    expect(body(sim, start)).not.toContain("UPS-CONTEXT");
    expect(body(sim, start + 1)).not.toContain("no rm here");
    // The service behind /hooks (the SDK keeps its lookup private).
    const hooks = (session as unknown as { service(n: "hooks"): { describe(): string } | undefined }).service("hooks");
    const listing = hooks?.describe();
    await session.dispose();
    expect(existsSync(join(project, "logs"))).toBe(false);
    expect(listing).toContain(`Not run: ${join(project, ".pi", "settings.json")} (this project is not trusted`);
    expect(listing).toContain(`Not run: ${join(project, ".claude", "settings.json")}`);
  }, 120_000);
});
