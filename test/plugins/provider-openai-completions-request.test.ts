import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Model } from "pi-kernel";
import { buildBody, buildRequest } from "../../plugins/provider-openai-completions/request.js";

const base: Model = {
  id: "gpt-x",
  name: "GPT X",
  api: "openai-completions",
  provider: "openai",
  baseUrl: "https://api.openai.com/v1/",
  reasoning: false,
  input: ["text", "image"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 1000,
  maxTokens: 64_000,
};
const usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const assistant = (content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"] = "toolUse"): AssistantMessage => ({
  role: "assistant",
  content,
  api: "openai-completions",
  provider: "openai",
  model: "gpt-x",
  usage,
  stopReason,
  timestamp: 1,
});
const png = { type: "image" as const, data: "iVBOR", mimeType: "image/png" };

describe("buildBody", () => {
  it("converts a whole conversation", () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "look" }, png], timestamp: 1 },
      assistant([
        { type: "thinking", thinking: "secret plan" },
        { type: "text", text: "Reading " },
        { type: "text", text: "both." },
        { type: "toolCall", id: "c1", name: "read", arguments: { path: "a.png" } },
        { type: "toolCall", id: "c2", name: "read", arguments: { path: "b.txt" } },
      ]),
      {
        role: "toolResult",
        toolCallId: "c1",
        toolName: "read",
        content: [{ type: "text", text: "an image:" }, png],
        isError: false,
        timestamp: 1,
      },
      {
        role: "toolResult",
        toolCallId: "c2",
        toolName: "read",
        content: [
          { type: "text", text: "line 1" },
          { type: "text", text: "line 2" },
        ],
        isError: false,
        timestamp: 1,
      },
      assistant([{ type: "toolCall", id: "c3", name: "bash", arguments: { command: "ls" } }]), // interrupted: no result
      { role: "user", content: "go on", timestamp: 1 },
      assistant(
        [
          { type: "text", text: "half" },
          { type: "toolCall", id: "c4", name: "bash", arguments: { comm: 1 } },
        ],
        "aborted",
      ),
      { role: "user", content: "again", timestamp: 1 },
    ];
    const body = buildBody(base, { systemPrompt: "sys", messages, tools: [] }, {});
    expect(body.messages).toEqual([
      { role: "system", content: "sys" },
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBOR" } },
        ],
      },
      {
        role: "assistant",
        content: "Reading both.",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "read", arguments: '{"path":"a.png"}' } },
          { id: "c2", type: "function", function: { name: "read", arguments: '{"path":"b.txt"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "an image:" },
      { role: "tool", tool_call_id: "c2", content: "line 1\nline 2" },
      {
        role: "user",
        content: [
          { type: "text", text: "Images from the tool results above:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBOR" } },
        ],
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c3", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
      },
      { role: "tool", tool_call_id: "c3", content: "No result provided" },
      { role: "user", content: "go on" },
      { role: "user", content: "again" },
    ]);
    expect(body).not.toHaveProperty("tools");
    expect(body.max_completion_tokens).toBe(32_000);
  });

  it("follows compat: thinking as text, max_tokens, no usage option, text-only models", () => {
    const model: Model = {
      ...base,
      input: ["text"],
      compat: { requiresThinkingAsText: true, maxTokensField: "max_tokens", supportsUsageInStreaming: false },
    };
    const messages: Message[] = [
      { role: "user", content: [png], timestamp: 1 },
      assistant(
        [
          { type: "thinking", thinking: "think. " },
          { type: "text", text: "say" },
        ],
        "stop",
      ),
    ];
    const body = buildBody(model, { systemPrompt: "", messages, tools: [] }, { maxTokens: 500, temperature: 0 });
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "(image omitted: gpt-x does not accept images)" }] },
      { role: "assistant", content: "think. say" },
    ]);
    expect(body).toMatchObject({ max_tokens: 500, temperature: 0 });
    expect(body).not.toHaveProperty("stream_options");
    expect(body).not.toHaveProperty("max_completion_tokens");
  });

  it("picks the system role and reasoning effort", () => {
    const ctx = { systemPrompt: "sys", messages: [], tools: [] };
    const reasoning = { ...base, reasoning: true };
    expect(buildBody(reasoning, ctx, { thinkingLevel: "low" })).toMatchObject({
      reasoning_effort: "low",
      messages: [{ role: "developer" }],
    });
    expect(
      buildBody({ ...reasoning, compat: { supportsDeveloperRole: false, supportsReasoningEffort: false } }, ctx, { thinkingLevel: "low" }),
    ).toMatchObject({ messages: [{ role: "system" }] });
    expect(buildBody({ ...reasoning, compat: { supportsReasoningEffort: false } }, ctx, { thinkingLevel: "low" })).not.toHaveProperty(
      "reasoning_effort",
    );
    const mapped = { ...reasoning, thinkingLevelMap: { minimal: null, xhigh: "high" } };
    expect(buildBody(mapped, ctx, { thinkingLevel: "xhigh" }).reasoning_effort).toBe("high");
    // A hidden level clamps to the next higher one (pi's rule), never to "no thinking".
    expect(buildBody(mapped, ctx, { thinkingLevel: "minimal" }).reasoning_effort).toBe("low");
    expect(buildBody(base, ctx, { thinkingLevel: "high" })).not.toHaveProperty("reasoning_effort");
  });
});

describe("buildRequest", () => {
  it("joins the URL and adds the key and model headers", () => {
    const request = buildRequest(
      { ...base, headers: { "x-org": "o", "Content-Type": "application/json; charset=utf-8" } },
      { systemPrompt: "", messages: [], tools: [] },
      {},
      "sk-1",
    );
    expect(request.url).toBe("https://api.openai.com/v1/chat/completions");
    expect(request.headers).toEqual({
      authorization: "Bearer sk-1",
      "x-org": "o",
      "Content-Type": "application/json; charset=utf-8",
      accept: "text/event-stream",
    });
    expect(buildRequest(base, { systemPrompt: "", messages: [], tools: [] }, {}, undefined).headers).not.toHaveProperty("authorization");
  });
});
