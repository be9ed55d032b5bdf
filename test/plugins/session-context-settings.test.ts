// The model and thinking level a resumed session continues with are looked for from the leaf back
// over the index nodes (model/context.ts nodeSettings), where a forward pass over every entry in
// memory used to find them: whatever the path (changes of both kinds, assistant messages with and
// without a provider and model, entries not in memory), both must give the same answer. And the
// messages built from index nodes (nodeMessages) are those built from the entries (contextMessages).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { ThinkingLevel } from "pi-kernel";
import type { SessionEntry } from "../../contracts/session-entries.js";
import { keptStart, latestCompaction } from "../../lib/session-kit/index.js";
import { contextMessages, nodeMessages, nodeSettings, pathSettings } from "../../plugins/session-jsonl/model/context.js";
import { Session } from "../../plugins/session-jsonl/model/session.js";

/** The forward pass the settings were found with before: the last of each kind wins. */
function forward(path: readonly SessionEntry[]) {
  let thinkingLevel: ThinkingLevel = "off";
  let model: { provider: string; modelId: string } | undefined;
  for (const e of path) {
    if (e.type === "thinking_level_change") thinkingLevel = e.thinkingLevel;
    else if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
    else if (e.type === "message" && e.message.role === "assistant") {
      const m = e.message as { provider?: string; model?: string };
      if (m.provider && m.model) model = { provider: m.provider, modelId: m.model };
    }
  }
  return { model, thinkingLevel };
}

const base = (i: number) => ({ id: `e${i}`, parentId: i === 0 ? null : `e${i - 1}`, timestamp: "2026-01-01T00:00:00.000Z" });
const kind = fc.oneof(
  fc.record({ k: fc.constant("thinking" as const), level: fc.constantFrom<ThinkingLevel>("off", "low", "high") }),
  fc.record({ k: fc.constant("model" as const), provider: fc.constantFrom("a", "b"), modelId: fc.constantFrom("x", "y") }),
  fc.record({ k: fc.constant("assistant" as const), provider: fc.constantFrom("", "a", "c"), model: fc.constantFrom("", "z") }),
  fc.record({ k: fc.constant("user" as const), text: fc.string({ maxLength: 8 }) }),
  fc.record({ k: fc.constant("system" as const) }),
  fc.record({ k: fc.constant("compaction" as const), back: fc.nat(6) }),
);
type Kind = typeof kind extends fc.Arbitrary<infer K> ? K : never;

function entryOf(x: Kind, i: number): SessionEntry {
  const b = base(i);
  switch (x.k) {
    case "thinking":
      return { ...b, type: "thinking_level_change", thinkingLevel: x.level } as SessionEntry;
    case "model":
      return { ...b, type: "model_change", provider: x.provider, modelId: x.modelId } as SessionEntry;
    case "assistant":
      return {
        ...b,
        type: "message",
        message: { role: "assistant", content: [], provider: x.provider, model: x.model, api: "p", stopReason: "stop", timestamp: i },
      } as unknown as SessionEntry;
    case "user":
      return { ...b, type: "message", message: { role: "user", content: x.text, timestamp: i } } as SessionEntry;
    case "system":
      return { ...b, type: "message", message: { role: "system", content: "sys", timestamp: i } } as unknown as SessionEntry;
    case "compaction":
      return { ...b, type: "compaction", summary: "s", firstKeptEntryId: `e${Math.max(0, i - x.back)}`, tokensBefore: 1 } as SessionEntry;
  }
}

describe("a session's context from its index nodes", () => {
  it("finds the settings the forward pass over the entries in memory finds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, fc.boolean()), { maxLength: 40 }), (xs) => {
        const entries = xs.map(([x], i) => entryOf(x, i));
        // Messages may be out of memory (before the kept part); the small kinds always are in it.
        const nodes = entries.map((entry, i) => ({ type: entry.type, entry: entry.type === "message" && xs[i][1] ? undefined : entry }));
        const loaded = nodes.flatMap((n) => (n.entry ? [n.entry] : []));
        expect(nodeSettings(nodes)).toEqual(forward(loaded));
        // What Session.context passes when its walk to the latest compaction saw every type.
        const changes = nodes.some((n) => n.type === "thinking_level_change");
        expect(nodeSettings(nodes, changes)).toEqual(forward(loaded));
        expect(pathSettings(entries)).toEqual(forward(entries));
      }),
      { numRuns: 300 },
    );
  });

  it("builds the messages contextMessages builds from the entries", () => {
    fc.assert(
      fc.property(fc.array(kind, { maxLength: 40 }), (xs) => {
        const entries = xs.map((x, i) => entryOf(x, i));
        const nodes = entries.map((entry) => ({ id: entry.id, type: entry.type, entry }));
        const c = latestCompaction(nodes);
        const first = c < 0 ? 0 : keptStart(nodes, c, (entries[c] as { firstKeptEntryId?: string }).firstKeptEntryId);
        expect(nodeMessages(nodes, c, first)).toEqual(contextMessages(entries, entries));
      }),
      { numRuns: 300 },
    );
  });
});

// Session.context tells nodeSettings whether a thinking level change is on the path from the walk
// to the latest compaction: a change before that compaction (not walked) must still be found.
describe("a resumed session's thinking level", () => {
  const dir = mkdtempSync(join(tmpdir(), "pik-context-settings-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const resume = (kinds: Kind[]) => {
    const file = join(dir, `${kinds.map((k) => k.k).join("-")}.jsonl`);
    const header = { type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: dir };
    writeFileSync(file, `${[header, ...kinds.map(entryOf)].map((e) => JSON.stringify(e)).join("\n")}\n`);
    return Session.open(file, () => {}).context();
  };
  const high = { k: "thinking", level: "high" } as const;
  const user = { k: "user", text: "u" } as const;
  const assistant = { k: "assistant", provider: "a", model: "z" } as const;

  it("is the last change's, before or after the latest compaction, and off without one", () => {
    expect(resume([user, assistant, user]).thinkingLevel).toBe("off");
    expect(resume([high, user, assistant, user]).thinkingLevel).toBe("high");
    expect(resume([high, user, assistant, { k: "compaction", back: 1 }, user]).thinkingLevel).toBe("high");
    expect(resume([user, assistant, { k: "compaction", back: 1 }, high, user]).thinkingLevel).toBe("high");
  });
});
