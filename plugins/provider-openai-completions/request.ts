// The HTTP request for one turn: URL, headers and the chat-completions body.
import type { LlmContext, Model, StreamOptions, ThinkingLevel } from "pi-kernel";
import { compatFlag, compatString } from "./compat.js";
import { convertMessages } from "./convert-messages.js";

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
  for (const [name, value] of Object.entries(model.headers ?? {})) {
    delete headers[name.toLowerCase()];
    headers[name] = value;
  }
  return { url: `${model.baseUrl.replace(/\/+$/, "")}/chat/completions`, headers, body: buildBody(model, context, options) };
}

export function buildBody(model: Model, context: LlmContext, options: StreamOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: model.id,
    messages: convertMessages(model, context.systemPrompt, context.messages),
    stream: true,
  };
  if (compatFlag(model, "supportsUsageInStreaming") !== false) body.stream_options = { include_usage: true };
  if (context.tools.length > 0) {
    body.tools = context.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  const maxTokens = options.maxTokens ?? Math.min(model.maxTokens, DEFAULT_MAX_TOKENS_CAP);
  if (maxTokens > 0) body[compatString(model, "maxTokensField") === "max_tokens" ? "max_tokens" : "max_completion_tokens"] = maxTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  const effort = reasoningEffort(model, options.thinkingLevel);
  if (effort) body.reasoning_effort = effort;
  return body;
}

/** The effort to request, or undefined to leave the server's default alone. */
function reasoningEffort(model: Model, level: ThinkingLevel | undefined): string | undefined {
  if (!model.reasoning || !level || level === "off") return undefined;
  if (compatFlag(model, "supportsReasoningEffort") === false) return undefined;
  const mapped = model.thinkingLevelMap?.[level];
  if (mapped === null) return undefined; // the model has no such level
  return mapped ?? level;
}
