// The SSE parser and the chunk decoder must give the same result however the network splits
// the bytes: inside a UTF-8 character, inside a line, between the \r and \n of a CRLF.
import { describe, expect, it } from "vitest";
import type { AssistantMessageEvent, Model } from "pi-kernel";
import { decodeBytes, MessageAssembler, mergeDeltas, type SseEvent, SseParser } from "../../lib/provider-kit/index.js";
import { chatCompletionsWire } from "../../plugins/provider-openai-completions/stream.js";

const SSE = Buffer.from(
  [
    ": keep-alive comment\r\n",
    "event: greeting\r\n",
    "data: héllo wörld ✓ 🎉 日本語\r\n",
    "id: 7\r\n",
    "\r\n",
    "data: line one\n",
    "data:line two without space\n",
    "retry: 1000\n",
    "\n",
    "data: cr only 🚀\r",
    "\r",
    "data\r\n",
    "\r\n",
    ":another comment\n",
    "data: [DONE]\n",
    "\n",
  ].join(""),
  "utf8",
);

const EXPECTED: SseEvent[] = [
  { event: "greeting", data: "héllo wörld ✓ 🎉 日本語", id: "7" },
  { event: "message", data: "line one\nline two without space", id: "7" },
  { event: "message", data: "cr only 🚀", id: "7" },
  { event: "message", data: "", id: "7" },
  { event: "message", data: "[DONE]", id: "7" },
];

function parse(parts: Buffer[]): SseEvent[] {
  const parser = new SseParser();
  const events = parts.flatMap((p) => parser.push(p));
  return [...events, ...parser.end()];
}

describe("SseParser", () => {
  it("parses fields, comments, multi-line data and every line ending", () => {
    expect(parse([SSE])).toEqual(EXPECTED);
  });

  it("gives identical events for a split at every byte boundary", () => {
    for (let i = 0; i <= SSE.length; i++) {
      expect(parse([SSE.subarray(0, i), SSE.subarray(i)]), `split at byte ${i}`).toEqual(EXPECTED);
    }
  });

  it("gives identical events fed one byte at a time, and in three uneven pieces", () => {
    expect(parse([...SSE].map((b) => Buffer.from([b])))).toEqual(EXPECTED);
    for (let i = 1; i < SSE.length; i += 7) {
      const j = Math.min(SSE.length, i + 13);
      expect(parse([SSE.subarray(0, i), SSE.subarray(i, j), SSE.subarray(j)])).toEqual(EXPECTED);
    }
  });

  it("flushes a last event that lacks its blank line", () => {
    expect(parse([Buffer.from('data: {"a":1}')])).toEqual([{ event: "message", data: '{"a":1}' }]);
  });
});

const model: Model = {
  id: "m",
  name: "m",
  api: "openai-completions",
  provider: "p",
  baseUrl: "http://unused",
  reasoning: true,
  input: ["text"],
  cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 1000,
  maxTokens: 100,
};

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\r\n\r\n`;
const BODY = Buffer.from(
  [
    chunk({ role: "assistant", content: "" }),
    ": processing\r\n\r\n",
    chunk({ reasoning_content: "Überlegung 🤔" }),
    chunk({ content: "Grüße, " }),
    chunk({ content: "世界 👋" }),
    chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "read", arguments: '{"pa' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"ünï' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: 'cödé.txt"}' } }] }),
    chunk({}, "tool_calls"),
    `data: ${JSON.stringify({ id: "c1", choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 4 } } })}\r\n\r\n`,
    "data: [DONE]\r\n\r\n",
  ].join(""),
  "utf8",
);

async function* pieces(parts: Buffer[]) {
  for (const p of parts) yield new Uint8Array(p);
}

/** The events without `partial` (shared, mutable), taken as they are emitted. */
async function decode(parts: Buffer[]) {
  const out = new MessageAssembler(model);
  const raw: AssistantMessageEvent[] = [];
  for await (const e of decodeBytes(chatCompletionsWire, pieces(parts), out, model)) raw.push(e);
  // A split may cut one network read's merged delta in two: compare with consecutive deltas joined.
  return { seen: mergeDeltas(raw).map(project), content: out.message.content, usage: out.message.usage };
}

function project(e: AssistantMessageEvent): unknown {
  const { partial: _p, message: _m, error: _e, ...rest } = e as Record<string, unknown>;
  return structuredClone(rest);
}

describe("decoding chat-completions bytes", () => {
  it("gives identical pi events for the same body split at every byte boundary", async () => {
    const whole = await decode([BODY]);
    expect(whole.seen.map((e: any) => e.type)).toEqual([
      "thinking_start",
      "thinking_delta",
      "thinking_end",
      "text_start",
      "text_delta",
      "text_end",
      "toolcall_start",
      "toolcall_delta",
      "toolcall_end",
      "done",
    ]);
    expect(whole.content).toEqual([
      { type: "thinking", thinking: "Überlegung 🤔" },
      { type: "text", text: "Grüße, 世界 👋" },
      { type: "toolCall", id: "call_1", name: "read", arguments: { path: "ünïcödé.txt" } },
    ]);
    expect(whole.usage).toMatchObject({ input: 6, cacheRead: 4, output: 5, totalTokens: 15 });
    for (let i = 0; i <= BODY.length; i++) {
      expect(await decode([BODY.subarray(0, i), BODY.subarray(i)]), `split at byte ${i}`).toEqual(whole);
    }
    expect(await decode([...BODY].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it("throws 'ended unexpectedly' when the body ends without a finish_reason", async () => {
    const cut = Buffer.from(chunk({ content: "half" }));
    await expect(decode([cut])).rejects.toThrow(/stream ended unexpectedly/);
  });

  it("treats an error object mid-stream as an error", async () => {
    const body = Buffer.from(`${chunk({ content: "a" })}data: {"error":{"message":"upstream overloaded"}}\n\n`);
    await expect(decode([body])).rejects.toThrow(/upstream overloaded/);
  });
});
