// checkEntry runs on every line of a session file that is decoded (all 100,000 of a never-compacted
// resume), so it is written to allocate nothing for an intact entry. These pin what it must still do
// whatever its shape: repair on a copy (the parsed value is never changed), hand back an intact entry
// as the same object, and leave nothing a second check would repair again.
import fc from "fast-check";
import { emptyUsage } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { checkEntry } from "../../plugins/session-jsonl/format/entry-shape.js";

const base = { type: "message", id: "a1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z" };
const usage = emptyUsage();

/** A value of the kind a damaged or hand-edited file holds in a field. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.constant([]),
  fc.constant({}),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, junk);

const part = fc.oneof(
  fc.record({ type: fc.constant("text"), text: maybe(fc.string({ maxLength: 6 })) }),
  fc.record({
    type: fc.constant("toolCall"),
    id: maybe(fc.constant("c1")),
    name: maybe(fc.constant("bash")),
    arguments: maybe(fc.constant({ command: "ls" })),
  }),
  fc.record({ type: fc.constant("thinking"), thinking: maybe(fc.constant("hm")) }),
  fc.record({ type: fc.constant("image"), data: maybe(fc.constant("AA==")), mimeType: maybe(fc.constant("image/png")) }),
  junk,
);
const content = maybe(fc.oneof(fc.string({ maxLength: 6 }), fc.array(part, { maxLength: 4 })));
const message = maybe(
  fc.record(
    {
      role: maybe(fc.constantFrom("user", "assistant", "toolResult", "system", "custom", "other")),
      content,
      toolCallId: maybe(fc.constant("c1")),
      usage: maybe(fc.constant(usage)),
      stopReason: maybe(fc.constant("stop")),
    },
    { requiredKeys: [] },
  ),
);
const entry = fc.record(
  {
    type: maybe(
      fc.constantFrom("message", "compaction", "branch_summary", "custom_message", "model_change", "thinking_level_change", "label"),
    ),
    id: maybe(fc.constantFrom("a1", "")),
    parentId: maybe(fc.constant("p1")),
    timestamp: maybe(fc.constant("2026-01-01T00:00:00.000Z")),
    message,
    summary: maybe(fc.constant("s")),
    firstKeptEntryId: maybe(fc.constant("a0")),
    tokensBefore: maybe(fc.integer({ min: 0 })),
    systemMessage: message,
    content,
    display: maybe(fc.boolean()),
    provider: maybe(fc.constant("sim")),
    modelId: maybe(fc.constant("m")),
    thinkingLevel: maybe(fc.constant("high")),
    targetId: maybe(fc.constant("a0")),
  },
  { requiredKeys: [] },
);

describe("checkEntry", () => {
  it("repairs on a copy, returns an intact entry itself, and a repaired one passes a second check unchanged", () => {
    fc.assert(
      fc.property(entry, (value) => {
        const before = structuredClone(value);
        const checked = checkEntry(value);
        expect(value).toEqual(before);
        if (!checked.ok) return;
        if (!checked.fixed) {
          expect(checked.entry).toBe(value);
          return;
        }
        expect(checked.entry).not.toBe(value);
        const again = checkEntry(checked.entry);
        expect(again.ok && !again.fixed && again.entry === checked.entry).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("fills what is missing: parent, timestamp, a compaction's token count, a custom message's display", () => {
    const one = (v: object) => {
      const c = checkEntry(v);
      if (!c.ok) throw new Error(c.reason);
      return c.entry as unknown as Record<string, unknown>;
    };
    const { parentId: _, timestamp: __, ...bare } = base;
    const filled = one({ ...bare, message: { role: "user", content: "hi" } });
    expect(filled.parentId).toBeNull();
    expect(filled.timestamp).toBe(new Date(0).toISOString());
    expect(one({ ...base, type: "compaction", summary: "s", firstKeptEntryId: "a0" }).tokensBefore).toBe(0);
    const custom = one({ ...base, type: "custom_message", content: null });
    expect([custom.content, custom.display]).toEqual(["", true]);
    const withSystem = one({
      ...base,
      type: "compaction",
      summary: "s",
      firstKeptEntryId: "a0",
      tokensBefore: 1,
      systemMessage: { role: "user", content: "x" },
    });
    expect("systemMessage" in withSystem).toBe(false);
    const assistant = one({
      ...base,
      message: { role: "assistant", content: [{ type: "toolCall", id: "c", name: "n", arguments: "{}" }, 7] },
    });
    expect(assistant.message).toMatchObject({ content: [{ type: "toolCall", arguments: {} }], stopReason: "stop", usage: { cost: {} } });
  });
});
