// The LLM-free strategy: chosen by setting, no provider request, tool outputs dropped before
// turns, and a missing strategy is a clear error.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import compactionPrune from "../../plugins/compaction-prune/index.js";
import compactionSummarize from "../../plugins/compaction-summarize/index.js";
import toolsCore from "../../plugins/tools-core/index.js";
import { sessionSuite, readEntries, sessionEnv, startAgent } from "../support/sessions.js";

const t = sessionSuite();

async function conversation(settings: Record<string, unknown>, plugins = [toolsCore, compactionSummarize, compactionPrune]) {
  t.env = sessionEnv(t.sim.url);
  t.agent = await startAgent(t.env, {}, plugins, settings);
  writeFileSync(join(t.env.project, "big.txt"), "BIGOUTPUT ".repeat(400));
  t.sim.script(
    { toolCalls: [{ name: "read", arguments: { path: "big.txt" } }] },
    { text: "Read it." },
    { text: "Second answer." },
    { text: "Third answer." },
  );
  await t.agent.api.actions.prompt("First: read big.txt");
  await t.agent.api.actions.prompt("Second question");
  await t.agent.api.actions.prompt("Third question");
  return t.agent;
}

describe("compaction.strategy = prune", () => {
  it("compacts without any LLM request, dropping tool outputs but keeping the turns", async () => {
    const a = await conversation({ compaction: { strategy: "prune", keepRecentTokens: 5 } });
    const before = t.sim.requests.length;
    const entry = await a.api.services.use("compaction").compact();
    expect(t.sim.requests.length).toBe(before);
    expect(entry.summary).toContain("[User]: First: read big.txt");
    expect(entry.summary).toContain('[Assistant tool calls]: read(path="big.txt")');
    expect(entry.summary).toMatch(/\[Tool result\]: \(output dropped, about \d+ characters\)/);
    expect(entry.summary).not.toContain("BIGOUTPUT");
    expect(entry.summary).toContain("<read-files>\nbig.txt\n</read-files>");
    expect(a.api.agent.messages[0]).toMatchObject({ role: "compactionSummary" });
    expect(readEntries(a.sessions.file!).filter((e) => e.type === "compaction")).toHaveLength(1);
  });

  it("drops the oldest turns when the transcript is still over budget", async () => {
    const a = await conversation({ compaction: { strategy: "prune", keepRecentTokens: 5, reserveTokens: 100 } });
    const entry = await a.api.services.use("compaction").compact();
    expect(entry.summary).not.toContain("First: read big.txt");
    expect(entry.summary).toMatch(/\(\d+ older turns? dropped\)/);
    expect(entry.summary).toContain("Second question");
  });

  it("an unknown strategy is reported with the ones available", async () => {
    const a = await conversation({ compaction: { strategy: "magic", keepRecentTokens: 5 } });
    await expect(a.api.services.use("compaction").compact()).rejects.toThrow(/no compaction strategy "magic".*available: summarize, prune/);
  });
});
