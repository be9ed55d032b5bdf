// The HTTP request for one Gemini turn. Thinking: a token budget on Gemini 2.5, a level name on
// Gemini 3; thoughts are asked for so they stream as thinking blocks.
import type { LlmContext, Model, StreamOptions, ThinkingLevel } from "pi-kernel";
import {
  baseMaxTokens,
  clampThinkingLevel,
  defineLazyBatches,
  thinkingBudget,
  type WireRequest,
  withModelHeaders,
} from "../../lib/provider-kit/index.js";
import { contentBatches } from "./convert.js";

export function buildRequest(
  model: Model,
  context: LlmContext,
  options: StreamOptions,
  apiKey: string | undefined,
  settings?: Readonly<Record<string, unknown>>,
): WireRequest {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (apiKey) headers["x-goog-api-key"] = apiKey;
  const url = `${model.baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model.id)}:streamGenerateContent?alt=sse`;
  return { url, headers: withModelHeaders(headers, model), body: buildBody(model, context, options, settings) };
}

export function buildBody(
  model: Model,
  context: LlmContext,
  options: StreamOptions,
  settings?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  // Converted as the body is written (json-body.ts); reading `body.contents` makes the array.
  defineLazyBatches(body, "contents", () => contentBatches(model, context.messages));
  if (context.systemPrompt) body.systemInstruction = { parts: [{ text: context.systemPrompt }] };
  if (context.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: context.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })),
      },
    ];
  }
  const config: Record<string, unknown> = { maxOutputTokens: baseMaxTokens(model, options.maxTokens) };
  if (options.temperature !== undefined) config.temperature = options.temperature;
  const thinking = thinkingConfig(model, options.thinkingLevel, settings);
  if (thinking) config.thinkingConfig = thinking;
  body.generationConfig = config;
  return body;
}

function thinkingConfig(
  model: Model,
  requested: ThinkingLevel | undefined,
  settings?: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  if (!model.reasoning) return undefined;
  const level = clampThinkingLevel(model, requested);
  const gemini3 = /gemini-3/.test(model.id);
  if (level === "off") {
    // Pro models cannot stop thinking; the others can with a zero budget.
    return /pro/.test(model.id) ? { includeThoughts: false } : gemini3 ? { thinkingLevel: "MINIMAL" } : { thinkingBudget: 0 };
  }
  if (gemini3) {
    const mapped = model.thinkingLevelMap?.[level];
    return {
      includeThoughts: true,
      thinkingLevel: typeof mapped === "string" ? mapped : level === "minimal" || level === "low" ? "LOW" : "HIGH",
    };
  }
  return { includeThoughts: true, thinkingBudget: thinkingBudget(level, settings) };
}
