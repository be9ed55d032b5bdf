// Every provider converts the conversation a message at a time as the request body is written
// (defineLazyArray + jsonBody). Whatever the conversation (hostile text, images in tool results,
// several calls a turn, replies from other APIs, failed replies), the bytes written lazily must be
// exactly what JSON.stringify gives for the body once its array has been read (the eager form).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Model, ToolResultMessage } from "pi-kernel";
import { emptyUsage, jsonBody, jsonText } from "../../lib/provider-kit/index.js";
import { wireMessages as anthropicItems } from "../../plugins/provider-anthropic/convert.js";
import { buildBody as anthropicBody } from "../../plugins/provider-anthropic/request.js";
import { contentsOf } from "../../plugins/provider-google/convert.js";
import { buildBody as geminiBody } from "../../plugins/provider-google/request.js";
import { wireMessages as completionsItems } from "../../plugins/provider-openai-completions/convert-messages.js";
import { buildBody as completionsBody } from "../../plugins/provider-openai-completions/request.js";
import { inputItems } from "../../plugins/provider-openai-responses/convert.js";
import { buildBody as responsesBody } from "../../plugins/provider-openai-responses/request.js";

const model = (api: string, reasoning: boolean): Model => ({
  id: "model-x",
  name: "Model X",
  api,
  provider: "p",
  baseUrl: "https://example.invalid/v1",
  reasoning,
  input: ["text", "image"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 1_000_000,
  maxTokens: 8_192,
});
/** An assistant message of `api` (the model's, or another API's) with `content`. */
const reply = (
  api: string,
  content: AssistantMessage["content"],
  stopReason: AssistantMessage["stopReason"] = "toolUse",
  timestamp = 1,
): AssistantMessage => ({ role: "assistant", content, api, provider: "p", model: "model-x", usage: emptyUsage(), stopReason, timestamp });
const png = { type: "image" as const, data: "iVBOR", mimeType: "image/png" };

type Build = (m: Model, messages: Message[]) => Record<string, unknown>;
type Items = (m: Model, messages: Message[]) => Iterable<unknown>;
const context = (messages: Message[]) => ({ systemPrompt: "sys \u2028 \ud800", messages, tools: [] });
const providers: [string, Build, string, Items][] = [
  [
    "openai-completions",
    (m, messages) => completionsBody(m, context(messages), {}),
    "messages",
    (m, messages) => completionsItems(m, "sys \u2028 \ud800", messages),
  ],
  [
    "anthropic-messages",
    (m, messages) => anthropicBody(m, context(messages), {}),
    "messages",
    (m, messages) => anthropicItems(m, messages),
  ],
  [
    "openai-responses",
    (m, messages) => responsesBody(m, context(messages), {}),
    "input",
    (m, messages) => inputItems(m, "sys \u2028 \ud800", messages),
  ],
  ["google-generative-ai", (m, messages) => geminiBody(m, context(messages), {}), "contents", (m, messages) => contentsOf(m, messages)],
];

// Text that JSON must escape or that UTF-8 must encode carefully: controls, quotes, lone surrogates, emoji.
const text = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", '"\\\n\u0000', "\ud83d\ude00", "\udc00x"));

/** A conversation as a session holds it: user turns, replies with calls (ours or another API's), their results. */
const conversation = (api: string) =>
  fc
    .array(
      fc.record({
        user: fc.oneof(
          text,
          fc.array(
            fc.oneof(
              text.map((t) => ({ type: "text" as const, text: t })),
              fc.constant(png),
            ),
            { maxLength: 3 },
          ),
        ),
        said: fc.array(
          fc.oneof(
            text.map((t) => ({ type: "text" as const, text: t })),
            text.map((t) => ({ type: "thinking" as const, thinking: t, thinkingSignature: t })),
          ),
          { maxLength: 2 },
        ),
        calls: fc.array(fc.record({ id: text, answered: fc.boolean(), image: fc.boolean(), output: text, isError: fc.boolean() }), {
          maxLength: 3,
        }),
        foreign: fc.boolean(),
        stop: fc.constantFrom<AssistantMessage["stopReason"]>("stop", "toolUse", "toolUse", "error", "aborted"),
      }),
      { maxLength: 30 }, // past 64 wire items at times: jsonBody stringifies 64 at a time
    )
    .map((turns) => {
      const out: Message[] = [];
      turns.forEach((t, i) => {
        out.push({ role: "user", content: t.user, timestamp: i });
        const ids = t.calls.map((c, k) => `${c.id}|fc_${i}_${k}`);
        const calls = t.calls.map((c, k) => ({ type: "toolCall" as const, id: ids[k], name: "bash", arguments: { command: c.output } }));
        out.push(reply(t.foreign ? "other-api" : api, [...t.said, ...calls], t.stop, i));
        t.calls.forEach((c, k) => {
          if (!c.answered) return;
          const result: ToolResultMessage = {
            role: "toolResult",
            toolCallId: ids[k],
            toolName: "bash",
            content: c.image ? [{ type: "text", text: c.output }, png] : [{ type: "text", text: c.output }],
            isError: c.isError,
            timestamp: i,
          };
          out.push(result);
        });
      });
      return out;
    });

const written = (body: Record<string, unknown>) => {
  const b = jsonBody(body);
  const bytes = Buffer.concat(b.chunks);
  expect(bytes.length).toBe(b.length);
  return bytes.toString("utf8");
};

describe("request bodies built lazily", () => {
  for (const [api, build, key, items] of providers) {
    it(`${api}: the bytes written as the history is converted are those of the eager body`, () => {
      fc.assert(
        fc.property(conversation(api), fc.boolean(), (messages, reasoning) => {
          const m = model(api, reasoning);
          const lazy = written(build(m, messages));
          const eager = build(m, messages);
          expect(Array.isArray(eager[key])).toBe(true); // read: made whole, in place
          expect(lazy).toBe(JSON.stringify(eager));
          expect(written(eager)).toBe(lazy);
          // An item is never changed after it is given out (the body may already hold its bytes).
          const seen: string[] = [];
          const given: unknown[] = [];
          for (const item of items(m, messages)) {
            seen.push(JSON.stringify(item));
            given.push(item);
          }
          expect(given.map((item) => JSON.stringify(item))).toEqual(seen);
          // A body sent as it is made is made again for a retry (http.ts): the same text each time.
          const once = build(m, messages);
          const first = [...jsonText(once)].join("");
          expect([...jsonText(once)].join("")).toBe(first);
          expect(first).toBe(lazy);
        }),
        { numRuns: 30 },
      );
    });
  }

  it("Gemini: the results of one turn's calls travel in one user content, whatever is held back", () => {
    const m = model("google-generative-ai", false);
    const call = (id: string) => ({ type: "toolCall" as const, id, name: "bash", arguments: {} });
    const result = (id: string): ToolResultMessage => ({
      role: "toolResult",
      toolCallId: id,
      toolName: "bash",
      content: [{ type: "text", text: id }],
      isError: false,
      timestamp: 1,
    });
    const messages: Message[] = [
      { role: "user", content: "go", timestamp: 1 },
      reply(m.api, [call("a"), call("b")]),
      result("a"),
      result("b"),
      reply(m.api, [call("c")]),
      result("c"),
      { role: "user", content: "", timestamp: 1 }, // no parts: left out, the run before it stays whole
    ];
    const contents = geminiBody(m, context(messages), {}).contents as { role: string; parts: Record<string, unknown>[] }[];
    expect(contents.map((c) => [c.role, c.parts.length])).toEqual([
      ["user", 1],
      ["model", 2],
      ["user", 2],
      ["model", 1],
      ["user", 1],
    ]);
  });

  it("responses: images from tool results follow the whole run of results as one user item", () => {
    const m = model("openai-responses", false);
    const messages: Message[] = [
      { role: "user", content: "go", timestamp: 1 },
      reply(m.api, [
        { type: "toolCall", id: "a", name: "read", arguments: {} },
        { type: "toolCall", id: "b", name: "read", arguments: {} },
      ]),
      { role: "toolResult", toolCallId: "a", toolName: "read", content: [png], isError: false, timestamp: 1 },
      { role: "toolResult", toolCallId: "b", toolName: "read", content: [{ type: "text", text: "b" }, png], isError: false, timestamp: 1 },
    ];
    const input = responsesBody(m, context(messages), {}).input as Record<string, unknown>[];
    expect(input.map((i) => i.type ?? i.role)).toEqual([
      "system",
      "user",
      "function_call",
      "function_call",
      "function_call_output",
      "function_call_output",
      "user",
    ]);
    expect((input[6].content as unknown[]).length).toBe(3);
  });
});
