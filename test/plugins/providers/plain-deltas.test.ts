// Text deltas read without JSON.parse (the hot path of a long answer) must read exactly what
// JSON.parse reads, and anything off the expected shape must take the full path: escapes, control
// characters, nested members (logprobs, usage), an error member, other key orders.
import type { Model } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { decodeBytes, MessageAssembler, PLAIN_CHAR, SCALAR_MEMBER } from "../../../lib/provider-kit/index.js";
import { anthropicWire } from "../../../plugins/provider-anthropic/stream.js";
import { chatCompletionsWire } from "../../../plugins/provider-openai-completions/stream.js";
import { responsesWire } from "../../../plugins/provider-openai-responses/stream.js";
import { decoderModel } from "./apis.js";

const model = (api: string): Model => ({ ...decoderModel(api), cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } });

async function decode(wire: typeof anthropicWire, api: string, body: string) {
  const out = new MessageAssembler(model(api));
  async function* bytes() {
    yield Buffer.from(body);
  }
  const events = [];
  for await (const e of decodeBytes(wire, bytes(), out, model(api))) events.push(e);
  return { message: out.message, events };
}

// Texts whose JSON encodings exercise the plain path and every way off it.
const TEXTS = ["word ", 'say "hi"', "back\\slash", "tab\there", "line\nbreak", "ünï 😀 ✓", '"}}', "}]}", "{[", "a", "\u0001"];

describe("anthropic text deltas", () => {
  const frame = (data: unknown) => `event: x\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
  const delta = (text: string, index = 0) => ({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
  const wrap = (frames: string[]) =>
    [
      frame({ type: "message_start", message: { id: "msg_1", usage: { input_tokens: 3, output_tokens: 0 } } }),
      frame({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      ...frames,
      frame({ type: "content_block_stop", index: 0 }),
      frame({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 9 } }),
      frame({ type: "message_stop" }),
    ].join("");

  it("reads every text as JSON.parse does, plain or escaped", async () => {
    const { message } = await decode(anthropicWire, "anthropic-messages", wrap(TEXTS.map((t) => frame(delta(t)))));
    expect(message.content).toEqual([{ type: "text", text: TEXTS.join("") }]);
    expect(message.usage.output).toBe(9);
  });

  it("takes the full path for other shapes of the event: extra members, other key orders, thinking", async () => {
    const odd = [
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","extra":1}}',
      '{"index":0,"type":"content_block_delta","delta":{"type":"text_delta","text":"b"}}',
      '{"type":"content_block_delta","index":0,"delta":{"text":"c","type":"text_delta"}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"d"}} ',
    ];
    const { message } = await decode(anthropicWire, "anthropic-messages", wrap(odd.map(frame)));
    expect(message.content).toEqual([{ type: "text", text: "abcd" }]);
  });

  it("reads thinking deltas the same way", async () => {
    const thinking = (t: string) => ({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: t } });
    const body = [
      frame({ type: "message_start", message: { id: "msg_1", usage: { input_tokens: 3 } } }),
      frame({ type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } }),
      ...TEXTS.map((t) => frame(thinking(t))),
      frame({ type: "content_block_stop", index: 0 }),
      frame({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } }),
      frame({ type: "message_stop" }),
    ].join("");
    const { message } = await decode(anthropicWire, "anthropic-messages", body);
    expect(message.content).toEqual([{ type: "thinking", thinking: TEXTS.join("") }]);
  });
});

describe("openai-completions content chunks", () => {
  const frame = (data: unknown) => `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
  const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "m" };
  const chunk = (content: string) => ({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
  const wrap = (frames: string[]) =>
    [
      frame({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }),
      ...frames,
      frame({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }),
      frame({ ...base, choices: [], usage: { prompt_tokens: 5, completion_tokens: 7 } }),
      "data: [DONE]\n\n",
    ].join("");

  it("reads every text as JSON.parse does, plain or escaped, with or without logprobs and trailing scalars", async () => {
    const frames = TEXTS.flatMap((t) => [
      frame(chunk(t)),
      frame({ ...base, system_fingerprint: "fp", choices: [{ index: 0, delta: { content: t }, logprobs: null, finish_reason: null }] }),
      frame({ ...chunk(t), obfuscation: "x}y" }),
    ]);
    const { message } = await decode(chatCompletionsWire, "openai-completions", wrap(frames));
    expect(message.content).toEqual([{ type: "text", text: TEXTS.map((t) => t.repeat(3)).join("") }]);
    expect(message.responseId).toBe("chatcmpl-1");
    expect(message.usage).toMatchObject({ input: 5, output: 7 });
  });

  it("takes the full path when a chunk carries more than text: usage, an error, logprobs, a finish reason", async () => {
    const withUsage = { ...chunk("a"), usage: { prompt_tokens: 2, completion_tokens: 3 } };
    const withLogprobs = { ...base, choices: [{ index: 0, delta: { content: "b" }, logprobs: { content: [] }, finish_reason: null }] };
    const finishing = { ...base, choices: [{ index: 0, delta: { content: "c" }, finish_reason: "length" }] };
    const body = [frame({ ...base, choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] })]
      .concat([withUsage, withLogprobs, finishing].map(frame))
      .join("");
    const { message } = await decode(chatCompletionsWire, "openai-completions", `${body}data: [DONE]\n\n`);
    expect(message.content).toEqual([{ type: "text", text: "abc" }]);
    expect(message.stopReason).toBe("length");
    expect(message.usage).toMatchObject({ input: 2, output: 3 });

    const failing = frame({ ...chunk("x"), error: "boom" });
    await expect(decode(chatCompletionsWire, "openai-completions", wrap([failing]))).rejects.toThrow(/mid-stream: boom/);
  });
});

describe("openai-responses text deltas", () => {
  const frame = (data: unknown) => {
    const text = typeof data === "string" ? data : JSON.stringify(data);
    return `event: ${/"type":"([^"]+)"/.exec(text)?.[1] ?? "x"}\ndata: ${text}\n\n`;
  };
  const wrap = (item: "message" | "reasoning", frames: string[]) =>
    [
      frame({ type: "response.created", sequence_number: 0, response: { id: "resp_1", status: "in_progress" } }),
      frame({ type: "response.output_item.added", output_index: 0, item: { id: "it_1", type: item } }),
      ...frames,
      frame({ type: "response.output_item.done", output_index: 0, item: { id: "it_1", type: item, summary: [] } }),
      frame({ type: "response.completed", response: { id: "resp_1", status: "completed", usage: { input_tokens: 4, output_tokens: 6 } } }),
    ].join("");
  const delta = (type: string, text: string, extra: Record<string, unknown> = {}) => ({
    type,
    sequence_number: 3,
    item_id: "it_1",
    output_index: 0,
    content_index: 0,
    delta: text,
    ...extra,
  });

  it("reads every text as JSON.parse does, plain or escaped, with or without logprobs and obfuscation", async () => {
    const frames = TEXTS.flatMap((t) => [
      frame(delta("response.output_text.delta", t)),
      frame(delta("response.output_text.delta", t, { logprobs: [], obfuscation: "x}y" })),
    ]);
    const { message } = await decode(responsesWire, "openai-responses", wrap("message", frames));
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: TEXTS.map((t) => t.repeat(2)).join("") })]);
    expect(message.usage).toMatchObject({ input: 4, output: 6 });
  });

  it("reads reasoning summary deltas the same way", async () => {
    const frames = TEXTS.map((t) => frame(delta("response.reasoning_summary_text.delta", t, { summary_index: 0 })));
    const { message } = await decode(responsesWire, "openai-responses", wrap("reasoning", frames));
    expect(message.content).toEqual([expect.objectContaining({ type: "thinking", thinking: TEXTS.join("") })]);
  });

  it("takes the full path for other shapes: logprobs with content, other key orders, a refusal", async () => {
    const odd = [
      frame(delta("response.output_text.delta", "a", { logprobs: [{ token: "a", logprob: 0 }] })),
      frame('{"delta":"b","type":"response.output_text.delta","item_id":"it_1"}'),
      frame(delta("response.refusal.delta", "c")),
      frame(`${JSON.stringify(delta("response.output_text.delta", "d"))} `),
    ];
    const { message } = await decode(responsesWire, "openai-responses", wrap("message", odd));
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "abcd" })]);
  });
});

describe("plain JSON patterns", () => {
  const whole = (source: string) => new RegExp(`^(?:${source})$`);

  it("take only characters that are their own decoding", () => {
    const plain = whole(`${PLAIN_CHAR}*`);
    expect(plain.test("ab }] ünï 😀")).toBe(true);
    for (const bad of ['a"b', "a\\b", "a\nb", "\u0000", "\u001f"]) expect(plain.test(bad), JSON.stringify(bad)).toBe(false);
  });

  it("accept only whole scalar members, never an error", () => {
    const member = whole(SCALAR_MEMBER);
    for (const ok of ['"id":"a,}"', '"n":1', '"n":-1.5e+3', '"x":null', '"b":true', '"o":"x}y"']) expect(member.test(ok), ok).toBe(true);
    for (const bad of ['"u":{"a":1}', '"l":[1]', '"error":"x"', '"n":01', '"s":"a\\"b"', '"n":1,"m":2'])
      expect(member.test(bad), bad).toBe(false);
  });
});
