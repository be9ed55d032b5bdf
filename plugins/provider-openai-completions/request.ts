// The HTTP request for one turn: URL, headers and the chat-completions body.
import type { LlmContext, Model, StreamOptions, ThinkingLevel } from "pi-kernel";
import { clampThinkingLevel, defineLazyBatches, effortName, withModelHeaders } from "../../lib/provider-kit/index.js";
import { compatFlag } from "./compat.js";
import { type Compat, effectiveCompat } from "./presets.js";
import { wireBatches } from "./convert-messages.js";

export interface ChatRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

// Without an explicit limit, ask for the model's maximum but cap it: some servers reserve the
// whole amount up front, and pi does the same.
const DEFAULT_MAX_TOKENS_CAP = 32_000;

export function buildRequest(model: Model, context: LlmContext, options: StreamOptions, apiKey: string | undefined): ChatRequest {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  // Model headers win, whatever their case (a custom `Authorization` replaces ours, not joins it).
  return {
    url: `${model.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    headers: withModelHeaders(headers, model),
    body: buildBody(model, context, options),
  };
}

export function buildBody(model: Model, context: LlmContext, options: StreamOptions): Record<string, unknown> {
  const compat = effectiveCompat(model);
  const body: Record<string, unknown> = { model: model.id };
  // Converted as the body is written (json-body.ts); reading `body.messages` makes the array.
  defineLazyBatches(body, "messages", () => wireBatches(model, context.systemPrompt, context.messages));
  body.stream = true;
  if (compat.supportsUsageInStreaming !== false) body.stream_options = { include_usage: true };
  if (compat.supportsStore === true) body.store = false; // our conversations are not kept server-side
  if (context.tools.length > 0) {
    body.tools = context.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
  }
  const maxTokens = options.maxTokens ?? Math.min(model.maxTokens, DEFAULT_MAX_TOKENS_CAP);
  if (maxTokens > 0) body[compat.maxTokensField === "max_tokens" ? "max_tokens" : "max_completion_tokens"] = maxTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  applyThinking(body, model, compat, options.thinkingLevel);
  if (compat.openRouterRouting) body.provider = compat.openRouterRouting;
  return body;
}

/** Each server family switches reasoning on its own way (compat.thinkingFormat). */
function applyThinking(body: Record<string, unknown>, model: Model, compat: Compat, level: ThinkingLevel | undefined): void {
  if (!model.reasoning) return;
  const format = compat.thinkingFormat ?? "openai";
  if (format === "openai") {
    const effort = reasoningEffort(model, level);
    if (effort) body.reasoning_effort = effort;
    return;
  }
  const clamped = clampThinkingLevel(model, level ?? "off");
  if (format === "openrouter") body.reasoning = clamped === "off" ? { enabled: false } : { effort: effortName(model, clamped) };
  else if (format === "qwen") body.enable_thinking = clamped !== "off";
  else body.thinking = { type: clamped === "off" ? "disabled" : "enabled" }; // deepseek, zai
}

/** The effort to request (clamped to the model's levels), or undefined to leave the server's default. */
function reasoningEffort(model: Model, level: ThinkingLevel | undefined): string | undefined {
  if (!model.reasoning || !level || level === "off") return undefined;
  if (compatFlag(model, "supportsReasoningEffort") === false) return undefined;
  const clamped = clampThinkingLevel(model, level);
  return clamped === "off" ? undefined : effortName(model, clamped);
}
