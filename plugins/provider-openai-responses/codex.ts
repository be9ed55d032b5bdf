// ChatGPT Plus/Pro through Codex (api "openai-codex-responses"): the responses wire format, sent to
// ChatGPT's Codex endpoint with the headers it expects (the account id, pi's originator). The
// system prompt travels as `instructions`; the endpoint takes no output-token limit.
import { arch, platform, release } from "node:os";
import type { LlmContext, Model, StreamOptions } from "pi-kernel";
import { type Wire, type WireRequest, withModelHeaders } from "../../lib/provider-kit/index.js";
import { buildBody } from "./request.js";
import { responsesWire } from "./stream.js";

export const codexWire: Wire = {
  request: (model, context, options, apiKey) => buildCodexRequest(model, context, options, apiKey),
  decode: responsesWire.decode,
};

/** `…/backend-api` → `…/backend-api/codex/responses` (a base that already ends in it is kept). */
export function codexUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  if (base.endsWith("/codex/responses")) return base;
  return base.endsWith("/codex") ? `${base}/responses` : `${base}/codex/responses`;
}

export function buildCodexRequest(model: Model, context: LlmContext, options: StreamOptions, apiKey: string | undefined): WireRequest {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    "OpenAI-Beta": "responses=experimental",
    originator: "pi",
    "user-agent": `pi (${platform()} ${release()}; ${arch()})`,
  };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  if (options.sessionId) {
    headers.session_id = options.sessionId;
    headers["x-client-request-id"] = options.sessionId;
  }
  const body = buildBody(model, { ...context, systemPrompt: "" }, options);
  delete body.max_output_tokens;
  body.instructions = context.systemPrompt || "You are a helpful assistant.";
  body.text = { verbosity: "low" };
  body.tool_choice = "auto";
  body.parallel_tool_calls = true;
  body.include = ["reasoning.encrypted_content"];
  return { url: codexUrl(model.baseUrl), headers: withModelHeaders(headers, model), body };
}
