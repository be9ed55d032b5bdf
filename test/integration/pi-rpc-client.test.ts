// pi's own published RpcClient (from @mariozechner/pi-coding-agent, a dev dependency used only
// here) drives pi-kernel's RPC mode: the wire contract is checked by pi's code, not ours.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareShapeProject, runRpcShapeSteps, shapeOf } from "../support/rpc-shapes.mjs";
import { makeProject, writeTwoModels } from "../support/scenario.mjs";
import { comparable, KNOWN_GAPS, shapeDifferences, withoutKnownGaps } from "../support/shape-compare.js";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { PI_BIN } from "../support/run-cli.js";

/** pi's client on `pi --mode rpc` in `project`, starting on the simulator's model without reasoning. */
async function startClient(project: string, agentDir: string): Promise<RpcClient> {
  const client = new RpcClient({
    cliPath: PI_BIN,
    cwd: project,
    env: { PI_CODING_AGENT_DIR: agentDir },
    provider: "sim",
    model: "sim-model",
  });
  await client.start();
  return client;
}

describe("pi's RpcClient against pi-kernel --mode rpc", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("prompts with tool calls, steers, aborts, switches model, compacts and forks", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const models = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"));
    models.providers.sim.models.push({ id: "sim-other", contextWindow: 64000 });
    writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
    // Keep only the last few tokens so compacting this short conversation really cuts turns.
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 40 } }));
    const client = await startClient(project, agentDir);
    try {
      sim.script({ toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "It logs a greeting." });
      const events = await client.promptAndWait("what does src/app.js do?");
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["agent_start", "tool_execution_end", "agent_end"]));
      expect(await client.getLastAssistantText()).toBe("It logs a greeting.");
      const state = await client.getState();
      expect(state).toMatchObject({ isStreaming: false, messageCount: 4, model: { id: "sim-model" } });

      // Steering mid-stream.
      sim.script({ text: "one two three four five six seven eight nine ten", chunkSize: 3, delayMs: 30 }, { text: "steered" });
      const seen: string[] = [];
      const off = client.onEvent((e) => seen.push(e.type));
      await client.prompt("count");
      while (!seen.includes("message_update")) await new Promise((r) => setTimeout(r, 10));
      await client.steer("stop counting");
      await client.waitForIdle();
      off();
      expect(await client.getLastAssistantText()).toBe("steered");

      // Abort mid-stream.
      sim.script({ text: "a b c d e f g h i j k l", chunkSize: 2, delayMs: 50 });
      const updates: unknown[] = [];
      const off2 = client.onEvent((e) => {
        if (e.type === "message_update") updates.push(e);
      });
      await client.prompt("long answer");
      while (updates.length < 2) await new Promise((r) => setTimeout(r, 10));
      await client.abort();
      off2();
      const messages = await client.getMessages();
      expect((messages.at(-1) as { stopReason?: string }).stopReason).toBe("aborted");

      // Model switch.
      const available = await client.getAvailableModels();
      expect(available.map((m) => m.id)).toEqual(expect.arrayContaining(["sim-model", "sim-other"]));
      const switched = await client.setModel("sim", "sim-other");
      expect(switched).toMatchObject({ provider: "sim", id: "sim-other" });
      sim.script({ text: "from the other model" });
      const start = sim.requests.length;
      await client.promptAndWait("hello");
      expect(sim.requests[start].body.model).toBe("sim-other");
      const stats = await client.getSessionStats();
      expect(stats.userMessages).toBe(5);

      // Compaction: a real summary request through the simulator.
      sim.script({ text: "## Goal\nExplain the app.\n\n## Progress\n- [x] read src/app.js" });
      const beforeCompact = sim.requests.length;
      const compacted = await client.compact("keep it short");
      expect(compacted.summary).toContain("## Goal");
      expect(typeof compacted.firstKeptEntryId).toBe("string");
      expect(compacted.tokensBefore).toBeGreaterThan(0);
      const summaryRequests = sim.requests.slice(beforeCompact).map((r) => JSON.stringify(r.body));
      expect(summaryRequests.length).toBeGreaterThan(0);
      expect(summaryRequests.join("\n")).toContain("context summarization");

      // Fork from the first user message: a new session file holding what came before it.
      const forkable = await client.getForkMessages();
      expect(forkable.length).toBeGreaterThan(0);
      const before = (await client.getState()).sessionFile;
      const forked = await client.fork(forkable[forkable.length - 1].entryId);
      expect(forked.cancelled).toBe(false);
      expect(forked.text).toBe(forkable[forkable.length - 1].text);
      expect((await client.getState()).sessionFile).not.toBe(before);
    } finally {
      await client.stop();
    }
  });

  // The same conversation pi 0.86.1 answered in scripts/record-pi-rpc-shapes.mjs: prompts with
  // tool calls on a model without reasoning and on one with it, and every other command.
  it("answers every command in pi's shapes, with a reasoning and a non-reasoning model", async () => {
    const reference = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "pi-rpc-shapes.json"), "utf8")) as {
      steps: { name: string; response: Parameters<typeof shapeDifferences>[0] }[];
    };
    const { project, agentDir } = makeProject(sim.url);
    writeTwoModels(agentDir, sim.url);
    prepareShapeProject(agentDir);
    const client = await startClient(project, agentDir);
    try {
      // The client's own request/response pairing, for the commands its typed methods lack.
      const send = (command: Record<string, unknown>) =>
        (client as unknown as { send(c: Record<string, unknown>): Promise<Record<string, unknown>> }).send(command);
      const settled = () =>
        new Promise<void>((resolve) => {
          const off = client.onEvent((e) => {
            if ((e as { type: string }).type !== "agent_settled") return;
            off();
            resolve();
          });
        });
      const responses = await runRpcShapeSteps(sim, send as never, settled);
      const differences = reference.steps.flatMap((step) => {
        const { id: _id, ...ours } = responses[step.name];
        return shapeDifferences(comparable(withoutKnownGaps(step.response)), comparable(shapeOf(ours))).map((d) => `${step.name}${d}`);
      });
      expect(differences, `known gaps left out: ${KNOWN_GAPS.join("; ")}`).toEqual([]);

      // The values that matter to clients, beyond the shapes.
      const data = (name: string) => responses[name].data as Record<string, unknown>;
      expect(data("get_state (model without reasoning)").thinkingLevel).toBe("off");
      expect(data("get_available_thinking_levels (without reasoning)").levels).toEqual(["off"]);
      expect(data("get_available_thinking_levels (reasoning)").levels).toEqual(["off", "minimal", "low", "medium", "high"]);
      expect(data("get_state (after the reasoning prompt)")).toMatchObject({ thinkingLevel: "off", model: { id: "sim-other" } });
      expect(data("get_last_assistant_text").text).toBe("It logs a greeting.");
      const messages = data("get_messages").messages as { role: string; content: unknown }[];
      expect(messages[0]).toMatchObject({ role: "user", content: [{ type: "text", text: "what does src/app.js do?" }] });
      expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
      const reasoning = sim.requests.at(-1)!.body;
      expect(reasoning.model).toBe("sim-other");
    } finally {
      await client.stop();
    }
  });
});
