// OpenAI chat-completions streaming: `data: {chunk}` frames, an optional usage chunk, `[DONE]`.
import { splitArguments, splitText } from "./turns.mjs";

const FINISH = { stop: "stop", length: "length", toolUse: "tool_calls" };

const data = (value) => `data: ${JSON.stringify(value)}\n\n`;

/** Every SSE frame of one scripted turn, in order. */
export function frames(turn, body, responseId) {
  const base = {
    id: responseId,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? "sim-model",
    // What api.openai.com adds to every chunk (fullEvents): ~270 bytes a text delta, as measured.
    ...(turn.fullEvents ? { service_tier: "default", system_fingerprint: "fp_f4b6c1e2d0" } : {}),
  };
  const chunk = turn.fullEvents
    ? (delta, finish = null) => data({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null })
    : (delta, finish = null) => data({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const out = [chunk({ role: "assistant", content: "" })];
  for (const piece of splitText(turn.thinking, turn.chunkSize)) out.push(chunk({ [turn.reasoningField]: piece }));
  for (const piece of splitText(turn.text, turn.chunkSize)) out.push(chunk({ content: piece }));
  turn.toolCalls.forEach((call, index) => {
    const [first = "", ...rest] = splitArguments(call.json, turn);
    out.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: first } }] }));
    for (const fragment of rest) out.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
  });
  out.push(chunk({}, FINISH[turn.stopReason] ?? "stop"));
  if (body.stream_options?.include_usage) out.push(data({ ...base, choices: [], usage: usage(turn.usage) }));
  out.push("data: [DONE]\n\n");
  return out;
}

// OpenAI counts cached tokens inside prompt_tokens.
function usage(u) {
  const prompt = u.input + u.cacheRead;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.output,
    total_tokens: prompt + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
  };
}

/** A frame whose data is cut off mid-object, as a broken proxy might send. */
export function malformedFrame(responseId) {
  return `data: {"id":"${responseId}","object":"chat.completion.chunk","choices":[{"delta":{"content":"bro\n\n`;
}

/** The body OpenAI sends with an error status. */
export function errorBody(status, message) {
  if (status === 429) return { error: { message, type: "requests", param: null, code: "rate_limit_exceeded" } };
  if (status >= 500) return { error: { message, type: "server_error", param: null, code: null } };
  return { error: { message, type: "invalid_request_error", param: null, code: null } };
}

/** An error chunk inside a 200 stream (what OpenAI-compatible servers send on a mid-stream failure). */
export function errorFrame(status, message) {
  return `data: ${JSON.stringify(errorBody(status, message))}\n\n`;
}

export const requestIdHeader = "x-request-id";
