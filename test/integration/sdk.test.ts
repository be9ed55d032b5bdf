import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type, type AgentEvent } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/index.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

describe("SDK: createAgentSession", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("prompts, streams events to subscribers, runs custom tools, switches model, disposes", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const events: AgentEvent[] = [];
    const session = await createAgentSession({
      cwd: project,
      agentDir,
      model: "sim/sim-model",
      noSession: true,
      customTools: [
        {
          name: "shout",
          description: "upper-cases",
          parameters: Type.Object({ text: Type.String() }),
          execute: async (_id, p) => ({ content: [{ type: "text", text: String((p as { text: string }).text).toUpperCase() }] }),
        },
      ],
    });
    const unsubscribe = session.subscribe((e) => events.push(e));
    expect(session.model?.id).toBe("sim-model");
    sim.script({ toolCalls: [{ name: "shout", arguments: { text: "hi" } }] }, { text: "shouted" });
    await session.prompt("shout hi");
    expect(session.getLastAssistantText()).toBe("shouted");
    const result = events.find((e) => e.type === "tool_execution_end") as { result: { content: { text: string }[] } };
    expect(result.result.content[0].text).toBe("HI");
    expect(events[0].type).toBe("agent_start");
    expect(events.slice(-2).map((e) => e.type)).toEqual(["agent_end", "agent_settled"]);

    unsubscribe();
    const before = events.length;
    sim.script({ text: "quiet" });
    await session.prompt("again");
    expect(events.length).toBe(before);
    expect(() => session.setModel("sim/none-such")).toThrow(/Model not found/);
    await session.dispose();
  });

  it("limits tools and aborts a running prompt", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const session = await createAgentSession({ cwd: project, agentDir, model: "sim/sim-model", noSession: true, tools: ["read"] });
    sim.script({ text: "a b c d e f g h i j", chunkSize: 2, delayMs: 40 });
    const start = sim.requests.length;
    const run = session.prompt("go");
    await new Promise<void>((r) => {
      const u = session.subscribe((e) => {
        if (e.type === "message_update") {
          u();
          r();
        }
      });
    });
    session.abort();
    await run;
    expect(sim.requests[start].body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(["read"]);
    expect((session.messages.at(-1) as { stopReason: string }).stopReason).toBe("aborted");
    await session.dispose();
  });

  it("the README's example runs as written", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProvider: "sim", defaultModel: "sim-model" }));
    sim.script({ toolCalls: [{ name: "shout", arguments: { text: "sdk" } }] }, { text: "Example done." });
    const example = fileURLToPath(new URL("../../examples/sdk.mjs", import.meta.url));
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [example, "shout sdk"], {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
        env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.stderr).toContain("[tool] shout");
    expect(out.stdout).toContain("Example done.");
    expect(out.code).toBe(0);
    void project;
  });
});
