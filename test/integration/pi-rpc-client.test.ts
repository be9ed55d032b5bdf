// pi's own published RpcClient (from @mariozechner/pi-coding-agent, a dev dependency used only
// here) drives pi-kernel's RPC mode: the wire contract is checked by pi's code, not ours.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { PI_BIN } from "../support/run-cli.js";

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
    const client = new RpcClient({
      cliPath: PI_BIN,
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      provider: "sim",
      model: "sim-model",
    });
    await client.start();
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
});
