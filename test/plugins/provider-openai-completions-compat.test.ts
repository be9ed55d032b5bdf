// OpenAI-compatible servers' quirks as data: presets picked by provider name or baseUrl, and a
// model's own compat overriding them.
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Model } from "pi-kernel";
import { presetFor } from "../../plugins/provider-openai-completions/presets.js";
import { buildBody } from "../../plugins/provider-openai-completions/request.js";

const model = (provider: string, baseUrl: string, over: Partial<Model> = {}): Model => ({
  id: "m",
  name: "m",
  api: "openai-completions",
  provider,
  baseUrl,
  reasoning: true,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 1000,
  maxTokens: 1000,
  ...over,
});
const ctx = { systemPrompt: "sys", messages: [{ role: "user" as const, content: "hi", timestamp: 1 }], tools: [] };
const body = (m: Model) => buildBody(m, ctx, { thinkingLevel: "high" });

describe("compat presets", () => {
  it.each([
    ["openai", "https://api.openai.com/v1", "openai"],
    ["custom-or", "https://openrouter.ai/api/v1", "openrouter"],
    ["groq", "https://example.test/v1", "groq"],
    ["x", "https://api.cerebras.ai/v1", "cerebras"],
    ["x", "https://api.x.ai/v1", "xai"],
    ["x", "https://api.mistral.ai/v1", "mistral"],
    ["x", "https://api.deepseek.com/v1", "deepseek"],
    ["x", "http://localhost:11434/v1", "ollama"],
    ["x", "http://127.0.0.1:8080/v1", "llama.cpp"],
    ["x", "http://localhost:1234/v1", "lmstudio"],
    ["x", "http://127.0.0.1:8000/v1", "vllm"],
    ["lmstudio", "http://10.0.0.5:9999/v1", "lmstudio"],
  ])("provider %s at %s uses the %s preset", (provider, baseUrl, preset) => {
    expect(presetFor(model(provider, baseUrl))?.name).toBe(preset);
  });

  it("an unknown server gets no preset and the plain OpenAI request", () => {
    expect(presetFor(model("mine", "https://llm.example.test/v1"))).toBeUndefined();
    expect(body(model("mine", "https://llm.example.test/v1"))).toMatchObject({
      reasoning_effort: "high",
      max_completion_tokens: 1000,
      stream_options: { include_usage: true },
    });
  });

  it("applies each server family's fields", () => {
    const openai = body(model("openai", "https://api.openai.com/v1"));
    expect(openai).toMatchObject({ store: false, reasoning_effort: "high" });
    expect((openai.messages as any[])[0].role).toBe("developer");
    const openrouter = body(
      model("openrouter", "https://openrouter.ai/api/v1", { compat: { openRouterRouting: { order: ["anthropic"] } } }),
    );
    expect(openrouter).toMatchObject({ reasoning: { effort: "high" }, provider: { order: ["anthropic"] } });
    expect((openrouter.messages as any[])[0].role).toBe("system");
    expect(openrouter).not.toHaveProperty("reasoning_effort");
    expect(openrouter).not.toHaveProperty("store");
    const mistral = body(model("mistral", "https://api.mistral.ai/v1"));
    expect(mistral).toMatchObject({ max_tokens: 1000 });
    expect(mistral).not.toHaveProperty("stream_options");
    expect(body(model("x", "https://api.x.ai/v1"))).not.toHaveProperty("reasoning_effort");
    expect(body(model("ollama", "http://localhost:11434/v1"))).toMatchObject({ max_tokens: 1000 });
    expect(body(model("q", "https://q.example.test/v1", { compat: { thinkingFormat: "qwen" } }))).toMatchObject({ enable_thinking: true });
    expect(body(model("d", "https://api.deepseek.com/v1", { compat: { thinkingFormat: "deepseek" } }))).toMatchObject({
      thinking: { type: "enabled" },
    });
  });

  it("lets the model's compat override its preset", () => {
    const m = model("mistral", "https://api.mistral.ai/v1", {
      compat: { maxTokensField: "max_completion_tokens", supportsUsageInStreaming: true },
    });
    expect(body(m)).toMatchObject({ max_completion_tokens: 1000, stream_options: { include_usage: true } });
  });

  it("meets Mistral's tool rules: 9-character ids, named results, an assistant turn before the next user turn", () => {
    const usage = {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    };
    const foreign: AssistantMessage = {
      role: "assistant",
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude",
      usage,
      stopReason: "toolUse",
      timestamp: 1,
      content: [{ type: "toolCall", id: "toolu_01ABCDEFGHIJKLMNOP", name: "read", arguments: { path: "a" } }],
    };
    const messages: Message[] = [
      { role: "user", content: "read a", timestamp: 1 },
      foreign,
      {
        role: "toolResult",
        toolCallId: "toolu_01ABCDEFGHIJKLMNOP",
        toolName: "read",
        content: [{ type: "text", text: "A" }],
        isError: false,
        timestamp: 1,
      },
      { role: "user", content: "thanks", timestamp: 1 },
    ];
    const wire = buildBody(model("mistral", "https://api.mistral.ai/v1"), { systemPrompt: "", messages, tools: [] }, {}).messages as any[];
    const id = wire[1].tool_calls[0].id;
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(wire[2]).toEqual({ role: "tool", tool_call_id: id, name: "read", content: "A" });
    expect(wire[3]).toEqual({ role: "assistant", content: "I have processed the tool results." });
    expect(wire[4]).toEqual({ role: "user", content: "thanks" });
  });
});
