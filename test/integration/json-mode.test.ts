import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

describe("pi --mode json (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("writes the session header, then every event as one JSON line in pi's shapes", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "Reading.", toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "It says hello." });
    const r = await runCli(["--mode", "json", "--provider", "sim", "--model", "sim-model", "what does it say?"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd: project });
    expect(typeof lines[0].id).toBe("string");
    const types = lines.slice(1).map((e) => e.type);
    expect(types[0]).toBe("agent_start");
    expect(types.slice(-2)).toEqual(["agent_end", "agent_settled"]);
    expect(types.filter((t) => t === "turn_start")).toHaveLength(2);
    for (const t of ["message_start", "message_update", "message_end", "tool_execution_start", "tool_execution_end", "turn_end"])
      expect(types).toContain(t);

    const update = lines.find((e) => e.type === "message_update" && e.assistantMessageEvent.type === "text_delta");
    expect(update.assistantMessageEvent).toMatchObject({ contentIndex: 0, delta: expect.any(String) });
    // pi 0.86's wire shape: the delta and usage, not the partial message.
    expect(update.assistantMessageEvent.partial).toBeUndefined();
    expect(update.usage).toMatchObject({ input: expect.any(Number) });
    const toolEnd = lines.find((e) => e.type === "toolcall_end" || e.assistantMessageEvent?.type === "toolcall_end");
    expect(toolEnd.assistantMessageEvent.toolCall).toMatchObject({ type: "toolCall", name: "read", arguments: { path: "src/app.js" } });
    const exec = lines.find((e) => e.type === "tool_execution_end");
    expect(exec).toMatchObject({ toolName: "read", isError: false, result: { content: [{ type: "text" }] } });
    const turnEnd = lines.find((e) => e.type === "turn_end");
    expect(turnEnd.toolResults[0]).toMatchObject({ role: "toolResult", toolName: "read" });
    const end = lines.at(-2);
    expect(end.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect(lines.some((e) => e.type === "model_select")).toBe(false);
  });

  it("reports a provider retry as auto_retry_start / auto_retry_end", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 10 } }));
    sim.script({ fault: { kind: "status", status: 429, retryAfterMs: 20 } }, { text: "after the retry" });
    const r = await runCli(["--mode", "json", "--provider", "sim", "--model", "sim-model", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const start = lines.find((e) => e.type === "auto_retry_start");
    expect(start).toMatchObject({ attempt: 1, maxAttempts: 3, delayMs: 20, errorMessage: expect.stringMatching(/429/) });
    expect(lines.find((e) => e.type === "auto_retry_end")).toEqual({ type: "auto_retry_end", success: true, attempt: 1 });
    const ends = lines.filter((e) => e.type === "message_end" && e.message.role === "assistant");
    expect(ends.map((e) => e.message.content[0]?.text)).toEqual(["after the retry"]);
  });

  it("keeps stdout clean when a plugin uses console.log", async () => {
    const { project, agentDir, root } = makeProject(sim.url);
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    writeFileSync(
      join(root, "chatty.ts"),
      `import { definePlugin } from "pi-kernel";
export default definePlugin({ name: "chatty", setup(api) { api.on("event", (e) => { if (e.type === "agent_start") console.log("CHATTY"); }); } });`,
    );
    sim.script({ text: "clean" });
    const r = await runCli(["-e", join(root, "chatty.ts"), "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("clean\n");
    expect(r.stderr).toContain("CHATTY");
  });
});
