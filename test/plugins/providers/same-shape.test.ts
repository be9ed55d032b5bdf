// Gemini's text events read without JSON.parse (lib/provider-kit/same-shape.ts): an event that
// repeats the previous plain text event but for its text must read exactly as JSON.parse reads
// it, and every other event (new usage, a thought, a signature, a finish reason, escapes, extra
// members, other spacing) must take the full path. Checked against the message a full parse of
// each event gives, over random streams (fast-check).
import fc from "fast-check";
import type { Model } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { decodeBytes, MessageAssembler, SameShape } from "../../../lib/provider-kit/index.js";
import { geminiWire } from "../../../plugins/provider-google/stream.js";
import { decoderModel } from "./apis.js";

const model: Model = decoderModel("google-generative-ai");

async function decode(body: string) {
  const out = new MessageAssembler(model);
  async function* bytes() {
    yield Buffer.from(body);
  }
  for await (const _ of decodeBytes(geminiWire, bytes(), out, model)) {
    // the message is what counts
  }
  return out.message;
}

type Part = { text: string; thought?: boolean; thoughtSignature?: string };
interface Ev {
  part: Part;
  usage: number;
  spaced: boolean;
  extra: boolean;
}

const frame = (e: Ev, finish?: string) => {
  const value = {
    candidates: [{ content: { parts: [e.part], role: "model" }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: e.usage, totalTokenCount: 10 + e.usage },
    modelVersion: "gemini-x",
    responseId: "r1",
    ...(e.extra ? { extra: { nested: [1] } } : {}),
  };
  // Spaced: `"key": value`, as some APIs print (indented, then the line breaks taken out).
  const json = e.spaced ? JSON.stringify(value, null, 1).replace(/\n */g, "") : JSON.stringify(value);
  return `data: ${json}\r\n\r\n`;
};

/** What the stream means, worked out event by event from the parsed JSON (no decoder involved). */
function expected(events: Ev[]) {
  let text = "";
  let thinking = "";
  for (const e of events) {
    if (e.part.thought) thinking += e.part.text;
    else text += e.part.text;
  }
  return { text, thinking, output: events.at(-1)?.usage ?? 0 };
}

const TEXTS = ["word ", 'say "hi"', "back\\slash", "tab\there", "line\nbreak", "ünï 😀 ✓", '"}]', "", "a", "\u0001", '"text":"x'];

const event: fc.Arbitrary<Ev> = fc.record({
  part: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...TEXTS).map((text): Part => ({ text })) },
    { weight: 3, arbitrary: fc.string({ maxLength: 6 }).map((text): Part => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...TEXTS).map((text): Part => ({ text, thought: true })) },
    { weight: 1, arbitrary: fc.constantFrom(...TEXTS).map((text): Part => ({ text, thoughtSignature: "c2ln" })) },
  ),
  usage: fc.constantFrom(0, 0, 0, 5),
  spaced: fc.constantFrom(false, false, true),
  extra: fc.constantFrom(false, false, false, true),
});

describe("gemini events of the same shape", () => {
  it("read as a full parse of each event reads them, over random streams", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), async (events) => {
        // Thoughts first, as the API sends them (a thought after text opens another block).
        const ordered = [...events.filter((e) => e.part.thought), ...events.filter((e) => !e.part.thought)];
        const body = ordered.map((e) => frame(e)).join("") + frame({ ...ordered.at(-1)!, part: { text: "" } }, "STOP");
        const message = await decode(body);
        const want = expected(ordered);
        const text = message.content.filter((b) => b.type === "text").map((b) => (b as { text: string }).text);
        const thinking = message.content.filter((b) => b.type === "thinking").map((b) => (b as { thinking: string }).thinking);
        expect(text.join("")).toBe(want.text);
        expect(thinking.join("")).toBe(want.thinking);
        expect(message.usage.output).toBe(want.output);
        expect(message.stopReason).toBe("stop");
      }),
      { numRuns: 150 },
    );
  });

  it("a long run of plain text events reads like the full parse, signatures where they came", async () => {
    const plain = (text: string, usage = 0): Ev => ({ part: { text }, usage, spaced: false, extra: false });
    const events = [plain("a"), plain("b"), { ...plain("c"), part: { text: "c", thoughtSignature: "c2ln" } }, plain("d"), plain("e", 7)];
    const message = await decode(events.map((e) => frame(e)).join("") + frame(plain("", 7), "STOP"));
    expect(message.content).toEqual([{ type: "text", text: "abcde", textSignature: "c2ln" }]);
    expect(message.usage.output).toBe(7);
  });
});

describe("SameShape", () => {
  it("matches only the remembered event with another plain text", () => {
    const same = new SameShape();
    const data = (t: string) => `{"a":[{"text":${JSON.stringify(t)}}],"n":1}`;
    expect(same.text(data("x"))).toBeUndefined();
    same.remember(data("word"), "text", "word");
    expect(same.text(data("other words"))).toBe("other words");
    expect(same.text(data(""))).toBe("");
    expect(same.text(data('q"uote'))).toBeUndefined();
    expect(same.text(data("back\\slash"))).toBeUndefined();
    expect(same.text(`{"a":[{"text":"x"}],"n":2}`)).toBeUndefined();
    // A text that needs escaping, or appears twice, is not remembered.
    same.remember(data('a"b'), "text", 'a"b');
    expect(same.text(data("x"))).toBeUndefined();
    same.remember(`{"text":"w","b":{"text":"w"}}`, "text", "w");
    expect(same.text(`{"text":"v","b":{"text":"w"}}`)).toBeUndefined();
  });
});
