// Where a resumed session's custom entries go among its messages (plugins/ui-interactive/custom-entries.ts):
// after the messages that precede them on the path, counted as the sessions service builds the
// model's context (session-jsonl's contextMessages), compactions included.
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "pi-kernel";
import type { SessionEntry } from "../../contracts/index.js";
import { placeEntries } from "../../plugins/ui-interactive/custom-entries.js";
import { contextMessages } from "../../plugins/session-jsonl/model/context.js";

let n = 0;
const base = () => ({ id: `e${++n}`, parentId: null, timestamp: "2026-11-27T00:00:00.000Z" });
const user = (text: string): SessionEntry => ({
  ...base(),
  type: "message",
  message: { role: "user", content: text, timestamp: 0 } as AgentMessage,
});
const card = (title: string): SessionEntry => ({ ...base(), type: "custom", customType: "card", data: { title } });
const label = (): SessionEntry => ({ ...base(), type: "label", targetId: "e1", label: "x" }) as unknown as SessionEntry;

/** What the transcript shows: the context's messages with each placed entry after `at` of them. */
function shown(path: SessionEntry[]): string[] {
  const messages = contextMessages(path, path).map((m) => (m.role === "user" ? String((m as { content: unknown }).content) : m.role));
  const out: string[] = [];
  const placed = placeEntries(path);
  messages.forEach((m, i) => {
    for (const p of placed) if (p.at === i) out.push(`card ${(p.entry.data as { title: string }).title}`);
    out.push(m);
  });
  for (const p of placed) if (p.at >= messages.length) out.push(`card ${(p.entry.data as { title: string }).title}`);
  return out;
}

describe("custom entries on resume", () => {
  it("sit among the messages in path order; entries that are no message add nothing", () => {
    const path = [card("A"), user("one"), label(), card("B"), user("two"), card("C")];
    expect(shown(path)).toEqual(["card A", "one", "card B", "two", "card C"]);
  });

  it("after a compaction: the summary (and its system checkpoint) first, then the kept entries and the rest", () => {
    const gone = card("gone");
    const first = user("kept");
    const kept = card("kept");
    const compaction = {
      ...base(),
      type: "compaction",
      summary: "S",
      firstKeptEntryId: first.id,
      tokensBefore: 10,
      systemMessage: { role: "system", content: "sys", timestamp: 0 },
    } as unknown as SessionEntry;
    const path = [user("old"), gone, first, kept, compaction, user("new"), card("late")];
    expect(shown(path)).toEqual(["system", "compactionSummary", "kept", "card kept", "new", "card late"]);
  });
});
