// prepareReplay pairs every tool call with one result: a result whose call is pending takes it out
// of the pending list (in place, since this pass runs over the whole history before every request);
// a result for no pending call is dropped, and calls left unanswered get a stub. The reference below
// is the pass as it was written with find/filter; whatever the calls, ids (repeated ones too) and
// results, both must give the same messages.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, ToolCall } from "pi-kernel";
import { emptyUsage, prepareReplay } from "../../lib/provider-kit/index.js";

const model = { id: "m", api: "a", provider: "p" } as Parameters<typeof prepareReplay>[1];
const rules = { toolCallId: (id: string) => id };

/** The old pass, for a history of our own model's messages only (no ids rewritten). */
function reference(messages: Message[]): unknown[] {
  const out: unknown[] = [];
  let pending: ToolCall[] = [];
  const answer = () => {
    for (const call of pending) out.push({ stub: call.id });
    pending = [];
  };
  for (const message of messages) {
    if (message.role === "toolResult") {
      const call = pending.find((c) => c.id === message.toolCallId);
      if (!call) continue;
      pending = pending.filter((c) => c !== call);
      out.push(message);
      continue;
    }
    answer();
    if (message.role === "user") out.push(message);
    else if (message.role === "assistant" && message.content.length > 0) {
      out.push(message);
      pending = message.content.filter((c): c is ToolCall => c.type === "toolCall");
    }
  }
  answer();
  return out;
}

const id = fc.constantFrom("a", "b", "c");
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.constant<Message>({ role: "user", content: "u", timestamp: 0 }),
  fc.array(id, { maxLength: 4 }).map(
    (ids): AssistantMessage => ({
      role: "assistant",
      content: ids.map((i) => ({ type: "toolCall", id: i, name: "bash", arguments: {} })),
      api: "a",
      provider: "p",
      model: "m",
      usage: emptyUsage(),
      stopReason: "toolUse",
      timestamp: 0,
    }),
  ),
  id.map((i): Message => ({ role: "toolResult", toolCallId: i, toolName: "bash", content: [], isError: false, timestamp: 0 })),
);

describe("prepareReplay's pairing of calls and results", () => {
  it("gives what the find/filter pass gave", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        const got = prepareReplay(messages, model, rules).map((m) =>
          m.role === "toolResult" && m.content[0]?.type === "text" && m.content[0].text === "No result provided"
            ? { stub: m.toolCallId }
            : m,
        );
        expect(got).toEqual(reference(messages));
      }),
      { numRuns: 300 },
    );
  });
});
