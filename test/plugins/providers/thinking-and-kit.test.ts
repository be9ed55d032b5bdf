// Thinking levels per API (clamped to the model), retry policy from settings, and the
// context-overflow rule other plugins rely on.
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Model, ThinkingLevel } from "pi-kernel";
import {
  clampThinkingLevel,
  decideRetry,
  HttpError,
  isContextOverflow,
  retryPolicy,
  supportedLevels,
} from "../../../lib/provider-kit/index.js";
import { buildBody as anthropicBody } from "../../../plugins/provider-anthropic/request.js";
import { buildBody as geminiBody } from "../../../plugins/provider-google/request.js";
import { buildBody as chatBody } from "../../../plugins/provider-openai-completions/request.js";
import { buildBody as responsesBody } from "../../../plugins/provider-openai-responses/request.js";

const model = (over: Partial<Model> = {}): Model => ({
  id: "m",
  name: "m",
  api: "x",
  provider: "p",
  baseUrl: "http://x",
  reasoning: true,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 200_000,
  maxTokens: 64_000,
  ...over,
});
const ctx = { systemPrompt: "", messages: [{ role: "user" as const, content: "hi", timestamp: 1 }], tools: [] };

describe("thinking levels", () => {
  it("clamps to what the model supports", () => {
    expect(supportedLevels(model({ reasoning: false }))).toEqual(["off"]);
    expect(supportedLevels(model())).toEqual(["off", "minimal", "low", "medium", "high"]);
    expect(supportedLevels(model({ thinkingLevelMap: { xhigh: "max", minimal: null } }))).toEqual([
      "off",
      "low",
      "medium",
      "high",
      "xhigh",
    ]);
    expect(clampThinkingLevel(model(), "xhigh")).toBe("high");
    expect(clampThinkingLevel(model({ thinkingLevelMap: { minimal: null } }), "minimal")).toBe("low");
    expect(clampThinkingLevel(model({ reasoning: false }), "high")).toBe("off");
  });

  it("maps to an Anthropic budget on top of the answer's tokens, or adaptive effort on newer models", () => {
    const b = anthropicBody(model({ id: "claude-sonnet-4-5" }), ctx, { thinkingLevel: "medium" });
    expect(b.thinking).toEqual({ type: "enabled", budget_tokens: 8192 });
    expect(b.max_tokens).toBe(40_192);
    const custom = anthropicBody(model({ id: "claude-sonnet-4-5" }), ctx, { thinkingLevel: "low" }, { thinkingBudgets: { low: 3000 } });
    expect(custom.thinking).toEqual({ type: "enabled", budget_tokens: 3000 });
    const small = anthropicBody(model({ id: "claude-x", maxTokens: 8000 }), ctx, { thinkingLevel: "high" });
    expect(small.max_tokens).toBe(8000);
    expect((small.thinking as any).budget_tokens).toBe(6976);
    expect(anthropicBody(model({ id: "claude-opus-4-6" }), ctx, { thinkingLevel: "xhigh" })).toMatchObject({
      thinking: { type: "adaptive" },
      output_config: { effort: "high" },
    });
    expect(anthropicBody(model({ id: "claude-sonnet-4-5" }), ctx, { thinkingLevel: "off" })).not.toHaveProperty("thinking");
    expect(anthropicBody(model({ id: "claude-sonnet-4-5" }), ctx, { thinkingLevel: "off", temperature: 0.2 })).toMatchObject({
      temperature: 0.2,
    });
  });

  it.each([
    ["minimal", "minimal", { includeThoughts: true, thinkingBudget: 1024 }, { includeThoughts: true, thinkingLevel: "LOW" }],
    ["medium", "medium", { includeThoughts: true, thinkingBudget: 8192 }, { includeThoughts: true, thinkingLevel: "HIGH" }],
    ["xhigh", "high", { includeThoughts: true, thinkingBudget: 16384 }, { includeThoughts: true, thinkingLevel: "HIGH" }],
  ])("maps %s to OpenAI effort %s, a Gemini 2.5 budget and a Gemini 3 level", (level, effort, gemini25, gemini3) => {
    const l = level as ThinkingLevel;
    expect(responsesBody(model(), ctx, { thinkingLevel: l }).reasoning).toEqual({ effort, summary: "auto" });
    expect(chatBody(model(), ctx, { thinkingLevel: l }).reasoning_effort).toBe(effort);
    expect((geminiBody(model({ id: "gemini-2.5-flash" }), ctx, { thinkingLevel: l }).generationConfig as any).thinkingConfig).toEqual(
      gemini25,
    );
    expect((geminiBody(model({ id: "gemini-3-pro-preview" }), ctx, { thinkingLevel: l }).generationConfig as any).thinkingConfig).toEqual(
      gemini3,
    );
  });

  it("turns thinking off where the API allows it", () => {
    expect(responsesBody(model(), ctx, { thinkingLevel: "off" })).not.toHaveProperty("reasoning");
    expect(responsesBody(model(), ctx, { thinkingLevel: "off" }).include).toEqual(["reasoning.encrypted_content"]);
    expect((geminiBody(model({ id: "gemini-2.5-flash" }), ctx, { thinkingLevel: "off" }).generationConfig as any).thinkingConfig).toEqual({
      thinkingBudget: 0,
    });
    expect((geminiBody(model({ id: "gemini-2.5-pro" }), ctx, { thinkingLevel: "off" }).generationConfig as any).thinkingConfig).toEqual({
      includeThoughts: false,
    });
    expect(
      geminiBody(model({ id: "gemini-2.5-flash", reasoning: false }), ctx, { thinkingLevel: "high" }).generationConfig,
    ).not.toHaveProperty("thinkingConfig");
  });
});

describe("retry policy", () => {
  it("reads pi's settings keys with pi's defaults", () => {
    expect(retryPolicy({})).toEqual({ enabled: true, maxRetries: 3, baseDelayMs: 2000, maxRetryDelayMs: 60_000, timeoutMs: 120_000 });
    expect(
      retryPolicy({
        retry: { enabled: false, maxRetries: 5, baseDelayMs: 10, provider: { maxRetryDelayMs: 0, timeoutMs: 500, maxRetries: 1 } },
      }),
    ).toEqual({ enabled: false, maxRetries: 1, baseDelayMs: 10, maxRetryDelayMs: 0, timeoutMs: 500 });
  });

  it("backs off exponentially, honours the server's wait, and caps it", () => {
    const policy = retryPolicy({});
    const e500 = new HttpError(500, "HTTP 500", undefined);
    expect([0, 1, 2].map((n) => decideRetry(policy, e500, n))).toEqual([2000, 4000, 8000].map((delayMs) => ({ retry: true, delayMs })));
    expect(decideRetry(policy, e500, 3)).toEqual({ retry: false });
    expect(decideRetry(policy, new HttpError(429, "x", 1500), 0)).toEqual({ retry: true, delayMs: 1500 });
    expect(decideRetry(policy, new HttpError(429, "x", 61_000), 0)).toMatchObject({
      retry: false,
      reason: expect.stringContaining("61 s"),
    });
    expect(decideRetry({ ...policy, maxRetryDelayMs: 0 }, new HttpError(429, "x", 61_000), 0)).toEqual({ retry: true, delayMs: 61_000 });
    expect(decideRetry(policy, new HttpError(400, "bad request", undefined), 0)).toEqual({ retry: false });
    expect(decideRetry(policy, new HttpError(400, "x", undefined, "overloaded_error"), 0)).toMatchObject({ retry: true });
  });
});

describe("isContextOverflow", () => {
  const failed = (errorMessage: string, stopReason: AssistantMessage["stopReason"] = "error") =>
    ({
      role: "assistant",
      content: [],
      api: "x",
      provider: "p",
      model: "m",
      stopReason,
      errorMessage,
      timestamp: 1,
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    }) as AssistantMessage;

  it("recognises the marker and each API's own wording, and nothing else", () => {
    expect(isContextOverflow(failed("Context overflow: HTTP 400: whatever"))).toBe(true);
    for (const text of [
      "HTTP 400: prompt is too long: 213462 tokens > 200000 maximum",
      "HTTP 400: This model's maximum context length is 128000 tokens",
      "HTTP 400: Your input exceeds the context window of this model",
      "HTTP 400: The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)",
      "HTTP 400: the request exceeds the available context size, try increasing it",
    ])
      expect(isContextOverflow(failed(text)), text).toBe(true);
    expect(isContextOverflow(failed("HTTP 429: Rate limit exceeded"))).toBe(false);
    expect(isContextOverflow(failed("Context overflow: x", "aborted"))).toBe(false);
    expect(isContextOverflow("Context overflow: HTTP 413")).toBe(true);
    const silent = { ...failed("", "stop"), usage: { ...failed("").usage, input: 150_000, cacheRead: 60_000 } };
    expect(isContextOverflow(silent, 200_000)).toBe(true);
    expect(isContextOverflow(silent)).toBe(false);
  });
});
