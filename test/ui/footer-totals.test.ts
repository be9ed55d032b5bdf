// The footer's usage totals are kept between frames (footer.ts): whatever happens to the message
// list (answers appended, the last one still streaming, the list replaced or cut), they equal a sum
// taken afresh.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "pi-kernel";
import { totals } from "../../plugins/ui-interactive/footer.js";

const usage = fc.record({
  input: fc.nat(1000),
  output: fc.nat(1000),
  cacheRead: fc.nat(1000),
  cacheWrite: fc.nat(1000),
  cost: fc.record({ total: fc.nat(100) }),
});
const answer = fc.record({
  role: fc.constant("assistant"),
  usage,
  stopReason: fc.constantFrom("stop", "toolUse", "aborted", "error"),
});
const question = fc.record({ role: fc.constant("user"), content: fc.constant("hi") });
const message = fc.oneof(answer, question) as fc.Arbitrary<AgentMessage>;
const op = fc.oneof(
  fc.record({ kind: fc.constant("push" as const), message }),
  fc.record({ kind: fc.constant("stream" as const), usage }), // the last answer's usage grows in place
  fc.record({ kind: fc.constant("replace" as const), messages: fc.array(message, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant("pop" as const) }),
);

/** The sums the footer showed before they were kept: every message, from the start. */
function fresh(messages: readonly AgentMessage[]) {
  const t = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, context: 0 };
  type Usage = { input: number; output: number; cacheRead: number; cacheWrite: number; cost: { total: number } };
  for (const m of messages as unknown as { role: string; usage?: Usage; stopReason?: string }[]) {
    if (m.role !== "assistant" || !m.usage) continue;
    const u = m.usage;
    t.input += u.input;
    t.output += u.output;
    t.cacheRead += u.cacheRead;
    t.cacheWrite += u.cacheWrite;
    t.cost += u.cost.total;
    if (m.stopReason !== "aborted" && m.stopReason !== "error") t.context = u.input + u.output + u.cacheRead + u.cacheWrite;
  }
  return t;
}

describe("footer totals", () => {
  it("equal a fresh sum after any sequence of appends, streaming updates, cuts and replacements", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let messages: AgentMessage[] = [];
        for (const o of ops) {
          if (o.kind === "push") messages.push(structuredClone(o.message));
          if (o.kind === "pop") messages.pop();
          if (o.kind === "replace") messages = structuredClone(o.messages);
          const last = messages.at(-1) as { role: string; usage?: unknown } | undefined;
          if (o.kind === "stream" && last?.role === "assistant") last.usage = { ...o.usage };
          expect(totals(messages)).toEqual(fresh(messages));
        }
      }),
    );
  });
});
