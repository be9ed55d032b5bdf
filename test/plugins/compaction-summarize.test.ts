// The default compaction strategy end to end through the LLM simulator: manual /compact, the
// iterative update, split turns, the threshold trigger, and overflow recovery with one retry.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import compactionSummarize from "../../plugins/compaction-summarize/index.js";
import toolsCore from "../../plugins/tools-core/index.js";
import type { RecordedRequest } from "../support/simulator/index.mjs";
import { type Agent, sessionSuite, readEntries, sessionEnv, startAgent } from "../support/sessions.js";
import type { CommandDef } from "../../contracts/index.js";

const t = sessionSuite();

const SUMMARY_1 = "## Goal\nBuild the parser.\n\n## Progress\n### Done\n- [x] Read the grammar.";
const SUMMARY_2 = "## Goal\nBuild the parser.\n\n## Progress\n### Done\n- [x] Read the grammar.\n- [x] Wrote the lexer.";
const isSummaryRequest = (r: RecordedRequest) => String(r.body?.messages?.[0]?.content ?? "").includes("context summarization assistant");
const lastUserText = (r: RecordedRequest) => {
  const users = r.body.messages.filter((m: { role: string }) => m.role === "user");
  const c = users.at(-1).content;
  return typeof c === "string" ? c : c.map((p: { text: string }) => p.text).join("");
};
const long = (label: string) => `${label} ${"detail ".repeat(120)}`;

async function start(settings: Record<string, unknown>, contextWindow = 1_000_000) {
  t.env = sessionEnv(t.sim.url, contextWindow);
  t.agent = await startAgent(t.env, {}, [toolsCore, compactionSummarize], settings);
  return t.agent;
}
const command = (a: Agent, name: string) => a.api.registry.get("command", name) as CommandDef;

describe("/compact", () => {
  it("sends a real summary request and replaces older messages with the summary; a repeat updates it", async () => {
    const a = await start({ compaction: { keepRecentTokens: 400 } });
    writeFileSync(join(t.env.project, "grammar.txt"), "expr := term (+ term)*\n");
    t.sim.script(
      { toolCalls: [{ name: "read", arguments: { path: "grammar.txt" } }] },
      { text: long("The grammar has terms.") },
      { text: long("Lexer written.") },
      { text: long("Tests pass.") },
    );
    await a.api.actions.prompt(long("Read the grammar"));
    await a.api.actions.prompt(long("Write the lexer"));
    await a.api.actions.prompt(long("Run the tests"));

    const start1 = t.sim.requests.length;
    t.sim.script({ text: SUMMARY_1 });
    const reply = await command(a, "compact").handler("focus on the parser", { args: "focus on the parser", api: a.api });
    expect(String(reply)).toMatch(/Compacted the conversation/);
    const req = t.sim.requests[start1];
    expect(isSummaryRequest(req)).toBe(true);
    const prompt = lastUserText(req);
    expect(prompt).toMatch(/^<conversation>\n\[User\]: Read the grammar/);
    expect(prompt).toContain('[Assistant tool calls]: read(path="grammar.txt")');
    expect(prompt).toContain("[Tool result]: expr := term");
    expect(prompt).toContain("## Constraints & Preferences");
    expect(prompt).toContain("Additional focus: focus on the parser");
    expect(prompt).not.toContain("<previous-summary>");
    expect(req.body.tools ?? []).toEqual([]);

    const messages = a.api.agent.messages;
    expect(messages[0]).toMatchObject({ role: "compactionSummary", summary: `${SUMMARY_1}\n\n<read-files>\ngrammar.txt\n</read-files>` });
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: [{ type: "text", text: long("Tests pass.") }] });
    const entries = readEntries(a.sessions.file!);
    const compaction = entries.find((e) => e.type === "compaction")!;
    expect(compaction).toMatchObject({ details: { readFiles: ["grammar.txt"], modifiedFiles: [] } });
    expect(compaction.tokensBefore).toBeGreaterThan(0);
    expect(a.events.filter((e) => e.type.startsWith("compaction_")).map((e) => [e.type, (e as { reason?: string }).reason])).toEqual([
      ["compaction_start", "manual"],
      ["compaction_end", "manual"],
    ]);

    // the model now sees the summary as a user message
    t.sim.script({ text: long("Next step noted.") });
    const start2 = t.sim.requests.length;
    await a.api.actions.prompt(long("What next?"));
    const first = t.sim.requests[start2].body.messages.find((m: { role: string }) => m.role === "user");
    expect(JSON.stringify(first.content)).toContain("The conversation history before this point was compacted into the following summary:");

    // a second compaction folds the first summary in
    t.sim.script({ text: SUMMARY_2 });
    const start3 = t.sim.requests.length;
    await command(a, "compact").handler("", { args: "", api: a.api });
    const update = lastUserText(t.sim.requests[start3]);
    expect(update).toContain(`<previous-summary>\n${SUMMARY_1}\n\n<read-files>`);
    expect(update).toContain("NEW conversation messages");
    expect(a.api.agent.messages[0]).toMatchObject({
      role: "compactionSummary",
      summary: `${SUMMARY_2}\n\n<read-files>\ngrammar.txt\n</read-files>`,
    });
  });

  it("summarises the start of a turn too big to keep whole separately", async () => {
    const a = await start({ compaction: { keepRecentTokens: 150 } });
    writeFileSync(join(t.env.project, "a.txt"), long("file a"));
    t.sim.script(
      { text: long("Hello.") },
      { toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] },
      { text: long("Both reads done.") },
    );
    await a.api.actions.prompt(long("Hi"));
    await a.api.actions.prompt(long("Read a.txt twice"));
    const start1 = t.sim.requests.length;
    t.sim.script({ text: "## Goal\nGreet." }, { text: "## Original Request\nRead a.txt twice." });
    await a.api.services.use("compaction").compact();
    const prompts = t.sim.requests.slice(start1).map(lastUserText);
    expect(prompts).toHaveLength(2);
    expect(prompts.some((p) => p.includes("FIRST PART of a turn") && p.includes("[User]: Read a.txt twice"))).toBe(true);
    expect(prompts.some((p) => p.includes("## Goal") && p.includes("[User]: Hi") && !p.includes("Read a.txt twice"))).toBe(true);
    const summary = (a.api.agent.messages[0] as unknown as { summary: string }).summary;
    expect(summary).toMatch(/\n\n---\n\n\*\*Turn Context \(split turn\):\*\*\n\n/);
    expect(a.api.agent.messages[1].role).not.toBe("toolResult");
  });

  it("says so when there is nothing to compact, and writes nothing", async () => {
    const a = await start({});
    t.sim.script({ text: "short" });
    await a.api.actions.prompt("hi");
    await expect(a.api.services.use("compaction").compact()).rejects.toThrow(/nothing to compact/);
    expect(readEntries(a.sessions.file!).some((e) => e.type === "compaction")).toBe(false);
  });
});

describe("automatic compaction", () => {
  it("compacts before the next request once the context passes window − reserveTokens", async () => {
    const a = await start({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } }, 5000);
    t.sim.script(
      { text: long("First answer."), usage: { input: 3000, output: 100 } },
      { text: long("Second answer."), usage: { input: 4200, output: 100 } },
    );
    await a.api.actions.prompt(long("First question"));
    await a.api.actions.prompt(long("Second question"));
    expect(a.events.some((e) => e.type === "compaction_start")).toBe(false);
    const start1 = t.sim.requests.length;
    t.sim.script({ text: "## Goal\nAnswer questions." }, { text: "Third answer." });
    await a.api.actions.prompt("Third question");
    const [summaryReq, next] = t.sim.requests.slice(start1);
    expect(isSummaryRequest(summaryReq)).toBe(true);
    expect(JSON.stringify(next.body.messages)).toContain("compacted into the following summary");
    expect(JSON.stringify(next.body.messages)).not.toContain("First question");
    expect(a.events.filter((e) => e.type === "compaction_end").map((e) => (e as { reason?: string }).reason)).toEqual(["threshold"]);
    expect(a.api.agent.messages.at(-1)).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Third answer." }] });
  });

  it("on a context overflow: compacts, retries once, and the retry answers", async () => {
    const a = await start({ compaction: { keepRecentTokens: 300 } });
    t.sim.script({ text: long("First answer.") }, { text: long("Second answer.") });
    await a.api.actions.prompt(long("First question"));
    await a.api.actions.prompt(long("Second question"));
    t.sim.script(
      {
        fault: {
          kind: "status",
          status: 400,
          message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        },
      },
      { text: "## Goal\nAnswer questions." },
      { text: "Answer after compacting." },
    );
    const start1 = t.sim.requests.length;
    await a.api.actions.prompt("Third question");
    await a.api.services.use("compaction").idle();
    await a.api.actions.waitForIdle();
    const requests = t.sim.requests.slice(start1);
    expect(requests.map(isSummaryRequest)).toEqual([false, true, false]);
    expect(lastUserText(requests[2])).toBe("Third question");
    const end = a.events.find((e) => e.type === "compaction_end")!;
    expect(end).toMatchObject({ reason: "overflow", willRetry: true, aborted: false });
    const last = a.api.agent.messages.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Answer after compacting." }] });
    expect(a.api.agent.messages.filter((m) => m.role === "assistant" && (m as { stopReason: string }).stopReason === "error")).toEqual([]);
  });
});
