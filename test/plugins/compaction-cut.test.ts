// Where compaction cuts: about keepRecentTokens kept, never at a tool result, settings entries
// before the cut kept with it, split turns recognised; and what is summarised on a repeat.
import { describe, expect, it } from "vitest";
import { findCutPoint, prepareCompaction, DEFAULT_SETTINGS } from "../../lib/session-kit/index.js";
import type { SessionEntry } from "../../contracts/session-entries.js";

let n = 0;
const ts = () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
const usage = {
  input: 10,
  output: 10,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 20,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
function chain(specs: (string | [string, number])[]): SessionEntry[] {
  n = 0;
  const out: SessionEntry[] = [];
  for (const spec of specs) {
    const [kind, chars] = typeof spec === "string" ? [spec, 400] : spec;
    const id = `e${String(++n).padStart(7, "0")}`;
    const base = { id, parentId: out.at(-1)?.id ?? null, timestamp: ts() };
    const text = "x".repeat(chars);
    if (kind === "user") out.push({ ...base, type: "message", message: { role: "user", content: text, timestamp: n } });
    else if (kind === "call")
      out.push({
        ...base,
        type: "message",
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: `c${n}`, name: "read", arguments: { path: `f${n}.ts` } }],
          api: "x",
          provider: "p",
          model: "m",
          usage,
          stopReason: "toolUse",
          timestamp: n,
        },
      });
    else if (kind === "edit")
      out.push({
        ...base,
        type: "message",
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: `c${n}`, name: "edit", arguments: { path: "src/a.ts", edits: [] } }],
          api: "x",
          provider: "p",
          model: "m",
          usage,
          stopReason: "toolUse",
          timestamp: n,
        },
      });
    else if (kind === "result")
      out.push({
        ...base,
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: `c${n - 1}`,
          toolName: "read",
          content: [{ type: "text", text }],
          isError: false,
          timestamp: n,
        },
      });
    else if (kind === "answer")
      out.push({
        ...base,
        type: "message",
        message: {
          role: "assistant",
          content: [{ type: "text", text }],
          api: "x",
          provider: "p",
          model: "m",
          usage,
          stopReason: "stop",
          timestamp: n,
        },
      });
    else if (kind === "thinking") out.push({ ...base, type: "thinking_level_change", thinkingLevel: "high" });
  }
  return out;
}

describe("findCutPoint", () => {
  it("keeps about keepRecentTokens and cuts at a user message when one is there", () => {
    const e = chain(["user", "answer", "user", "answer", "user", "answer", "user", "answer"]);
    const cut = findCutPoint(e, 0, e.length, 250); // each message ≈ 100 tokens
    expect(cut).toEqual({ firstKept: 5, turnStart: 4, isSplitTurn: true });
    const atUser = findCutPoint(e, 0, e.length, 300);
    expect(atUser).toEqual({ firstKept: 5, turnStart: 4, isSplitTurn: true });
    const four = findCutPoint(e, 0, e.length, 400);
    expect(four).toEqual({ firstKept: 4, turnStart: -1, isSplitTurn: false });
  });

  it("never cuts at a tool result: it moves to the next valid entry", () => {
    const e = chain(["user", "call", ["result", 4000], "call", ["result", 4000], "answer"]);
    // the budget is reached at the second tool result (index 4): the cut moves on to the answer
    expect(findCutPoint(e, 0, e.length, 1100)).toEqual({ firstKept: 5, turnStart: 0, isSplitTurn: true });
    // a little more budget reaches the tool call before it, a valid cut
    expect(findCutPoint(e, 0, e.length, 1103)).toEqual({ firstKept: 3, turnStart: 0, isSplitTurn: true });
    for (let budget = 0; budget < 2400; budget += 50) {
      const cut = findCutPoint(e, 0, e.length, budget);
      expect((e[cut.firstKept] as { message: { role: string } }).message.role).not.toBe("toolResult");
    }
  });

  it("keeps settings changes that sit just before the cut", () => {
    const e = chain(["user", "answer", "thinking", "user", "answer"]);
    expect(findCutPoint(e, 0, e.length, 200).firstKept).toBe(2);
  });

  it("keeps everything when the path is smaller than the budget", () => {
    const e = chain(["user", "answer"]);
    expect(findCutPoint(e, 0, e.length, 20000)).toEqual({ firstKept: 0, turnStart: -1, isSplitTurn: false });
  });
});

describe("prepareCompaction", () => {
  const settings = { ...DEFAULT_SETTINGS, keepRecentTokens: 250 };

  it("splits the summarised history from a split turn's prefix and tracks files", () => {
    const e = chain(["user", "call", "result", "answer", "user", "call", "result", "edit", "result", "answer"]);
    const p = prepareCompaction(e, settings)!;
    expect(p.isSplitTurn).toBe(true);
    expect(p.firstKeptEntryId).toBe(e[7].id);
    expect(p.messagesToSummarize).toHaveLength(4);
    expect(p.turnPrefixMessages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult"]);
    expect(p.files).toEqual({ readFiles: ["f2.ts", "f6.ts"], modifiedFiles: [] });
  });

  it("a repeat starts at the previous first kept entry and passes the previous summary and files", () => {
    const e = chain(["user", "answer", "user", "answer", "user", "answer"]);
    const compaction: SessionEntry = {
      type: "compaction",
      id: "c0000001",
      parentId: e.at(-1)!.id,
      timestamp: ts(),
      summary: "FIRST",
      firstKeptEntryId: e[4].id,
      tokensBefore: 100,
      details: { readFiles: ["old.ts"], modifiedFiles: [] },
    };
    const after = chain(["user", "answer", "user", "answer"]).map((x, i) => ({
      ...x,
      id: `n${i}`,
      parentId: i === 0 ? "c0000001" : `n${i - 1}`,
    }));
    const p = prepareCompaction([...e, compaction, ...after], { ...settings, keepRecentTokens: 150 })!;
    expect(p.previousSummary).toBe("FIRST");
    // the previously kept user/answer (e[4], e[5]) are summarised now, the old summary is not re-sent as a message
    expect(p.messagesToSummarize.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(p.messagesToSummarize[0]).toBe((e[4] as { message: unknown }).message);
    expect(p.files.readFiles).toEqual(["old.ts"]);
    expect(p.firstKeptEntryId).toBe("n2");
  });

  it("has nothing to do right after a compaction", () => {
    const e = chain(["user", "answer"]);
    const c: SessionEntry = {
      type: "compaction",
      id: "c1",
      parentId: e[1].id,
      timestamp: ts(),
      summary: "S",
      firstKeptEntryId: e[0].id,
      tokensBefore: 1,
    };
    expect(prepareCompaction([...e, c], settings)).toBeUndefined();
  });
});
