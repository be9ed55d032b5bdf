// The HTTP request for one responses-API turn. Stateless (store: false): the whole conversation
// travels each time, with encrypted reasoning included so the model keeps its train of thought.
import type { LlmContext, Model, StreamOptions } from "pi-kernel";
import {
  baseMaxTokens,
  clampThinkingLevel,
  defineLazyBatches,
  effortName,
  type WireRequest,
  withModelHeaders,
} from "../../lib/provider-kit/index.js";
import { inputBatches } from "./convert.js";

export function buildRequest(model: Model, context: LlmContext, options: StreamOptions, apiKey: string | undefined): WireRequest {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return {
    url: `${model.baseUrl.replace(/\/+$/, "")}/responses`,
    headers: withModelHeaders(headers, model),
    body: buildBody(model, context, options),
  };
}

export function buildBody(model: Model, context: LlmContext, options: StreamOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { model: model.id };
  // Converted as the body is written (json-body.ts); reading `body.input` makes the array.
  defineLazyBatches(body, "input", () => inputBatches(model, context.systemPrompt, context.messages));
  body.stream = true;
  body.store = false;
  body.max_output_tokens = baseMaxTokens(model, options.maxTokens);
  if (options.sessionId) body.prompt_cache_key = options.sessionId;
  if (context.tools.length > 0) {
    body.tools = context.tools.map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      strict: false,
    }));
  }
  if (options.temperature !== undefined) body.temperature = options.temperature;
  const level = clampThinkingLevel(model, options.thinkingLevel);
  if (model.reasoning) {
    // Without an effort the server picks its default; encrypted reasoning is asked for either way.
    if (level !== "off") body.reasoning = { effort: effortName(model, level), summary: "auto" };
    body.include = ["reasoning.encrypted_content"];
  }
  return body;
}
