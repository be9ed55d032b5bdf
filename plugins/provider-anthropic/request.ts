// The HTTP request for one Anthropic turn: URL, headers, and the body with thinking mapped from
// the level (a token budget on top of the answer's own, or adaptive effort on newer models).
import type { LlmContext, Model, StreamOptions, ThinkingLevel } from "pi-kernel";
import {
  baseMaxTokens,
  clampThinkingLevel,
  defineLazyBatches,
  thinkingBudget,
  type WireRequest,
  withModelHeaders,
} from "../../lib/provider-kit/index.js";
import { asClaudeCode, claudeCodeHeaders, isOAuthToken, ourToolName } from "./claude-code.js";
import { wireBatches } from "./convert.js";

const API_VERSION = "2023-06-01";

export function buildRequest(
  model: Model,
  context: LlmContext,
  options: StreamOptions,
  apiKey: string | undefined,
  settings?: Readonly<Record<string, unknown>>,
): WireRequest {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    "anthropic-version": API_VERSION,
  };
  const oauth = isOAuthToken(apiKey);
  if (oauth) Object.assign(headers, claudeCodeHeaders(!isAdaptive(model)));
  // Subscription tokens (and Copilot's, for its Claude models) go as bearer tokens.
  if (apiKey && (oauth || model.provider === "github-copilot")) headers.authorization = `Bearer ${apiKey}`;
  else if (apiKey) headers["x-api-key"] = apiKey;
  const base = model.baseUrl.replace(/\/+$/, "");
  const url = base.endsWith("/v1") ? `${base}/messages` : `${base}/v1/messages`;
  const body = buildBody(model, context, options, settings);
  if (!oauth) return { url, headers: withModelHeaders(headers, model), body };
  asClaudeCode(body);
  return { url, headers: withModelHeaders(headers, model), body, toolName: ourToolName(context) };
}

export function buildBody(
  model: Model,
  context: LlmContext,
  options: StreamOptions,
  settings?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { model: model.id, max_tokens: baseMaxTokens(model, options.maxTokens), stream: true };
  if (context.systemPrompt) body.system = [{ type: "text", text: context.systemPrompt, cache_control: { type: "ephemeral" } }];
  // Converted as the body is written (json-body.ts); reading `body.messages` makes the array.
  defineLazyBatches(body, "messages", () => wireBatches(model, context.messages));
  if (context.tools.length > 0) {
    body.tools = context.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  }
  const thinking = applyThinking(body, model, options.thinkingLevel, settings);
  // The API rejects a temperature together with thinking.
  if (options.temperature !== undefined && !thinking) body.temperature = options.temperature;
  return body;
}

/** Adds the thinking settings; returns whether thinking is on. */
function applyThinking(
  body: Record<string, unknown>,
  model: Model,
  requested: ThinkingLevel | undefined,
  settings?: Readonly<Record<string, unknown>>,
): boolean {
  const level = clampThinkingLevel(model, requested);
  if (level === "off") return false;
  if (isAdaptive(model)) {
    body.thinking = { type: "adaptive" };
    body.output_config = { effort: adaptiveEffort(model, level) };
    return true;
  }
  // The budget comes on top of the answer's own tokens, within the model's output limit.
  const max = body.max_tokens as number;
  const wanted = thinkingBudget(level, settings);
  const total = Math.min(model.maxTokens, max + wanted);
  const budget = Math.max(1024, Math.min(wanted, total - 1024));
  body.max_tokens = Math.max(total, budget + 1024);
  body.thinking = { type: "enabled", budget_tokens: budget };
  return true;
}

// Opus and Sonnet 4.6 and later choose their own budget from an effort level.
function isAdaptive(model: Model): boolean {
  const format = model.compat?.thinkingFormat;
  if (typeof format === "string") return format === "adaptive";
  return /claude-(?:opus|sonnet)-4-[6-9]|claude-(?:opus|sonnet)-[5-9]/.test(model.id);
}

const ADAPTIVE_EFFORT: Record<Exclude<ThinkingLevel, "off">, string> = {
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
  xhigh: "max",
};

function adaptiveEffort(model: Model, level: Exclude<ThinkingLevel, "off">): string {
  const mapped = model.thinkingLevelMap?.[level];
  return typeof mapped === "string" ? mapped : ADAPTIVE_EFFORT[level];
}
