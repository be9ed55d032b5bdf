// Anthropic messages streaming: `event: <type>` + `data: {json}` frames, one content block at a time.
import { splitArguments, splitText } from "./turns.mjs";

const STOP = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" };

const event = (type, payload = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;

/** Every SSE frame of one scripted turn, in order. */
export function frames(turn, body, responseId) {
  const u = turn.usage;
  let out = [
    event("message_start", {
      message: {
        id: responseId,
        type: "message",
        role: "assistant",
        model: body.model ?? "sim-model",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: u.input, cache_read_input_tokens: u.cacheRead, cache_creation_input_tokens: u.cacheWrite, output_tokens: 1 },
      },
    }),
    event("ping"),
  ];
  let index = 0;
  // concat, not push(...): a long scripted answer has more frames than a call may have arguments
  if (turn.redactedThinking) {
    const i = index++;
    out = out.concat([
      event("content_block_start", { index: i, content_block: { type: "redacted_thinking", data: turn.redactedThinking } }),
      event("content_block_stop", { index: i }),
    ]);
  }
  if (turn.thinking) out = out.concat(thinkingBlock(turn, index++, responseId));
  if (turn.text) out = out.concat(textBlock(turn, index++));
  for (const call of turn.toolCalls) out = out.concat(toolBlock(turn, call, index++));
  return out.concat([
    event("message_delta", {
      delta: { stop_reason: STOP[turn.stopReason] ?? "end_turn", stop_sequence: null },
      usage: { output_tokens: u.output },
    }),
    event("message_stop"),
  ]);
}

function thinkingBlock(turn, index, responseId) {
  const signature = turn.thinkingSignature ?? Buffer.from(`sim-signature:${responseId}`).toString("base64");
  return [
    event("content_block_start", { index, content_block: { type: "thinking", thinking: "" } }),
    ...splitText(turn.thinking, turn.chunkSize).map((thinking) => delta(index, { type: "thinking_delta", thinking })),
    delta(index, { type: "signature_delta", signature }),
    event("content_block_stop", { index }),
  ];
}

function textBlock(turn, index) {
  return [
    event("content_block_start", { index, content_block: { type: "text", text: "" } }),
    ...splitText(turn.text, turn.chunkSize).map((text) => delta(index, { type: "text_delta", text })),
    event("content_block_stop", { index }),
  ];
}

// Like the real API, the first input_json_delta is empty and the input in the start block is {}.
function toolBlock(turn, call, index) {
  const fragments = ["", ...splitArguments(call.json, turn)];
  return [
    event("content_block_start", { index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } }),
    ...fragments.map((partial_json) => delta(index, { type: "input_json_delta", partial_json })),
    event("content_block_stop", { index }),
  ];
}

const delta = (index, d) => event("content_block_delta", { index, delta: d });

/** A frame whose data is cut off mid-object. */
export function malformedFrame() {
  return `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"bro\n\n`;
}

const ERROR_TYPES = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

/** The body Anthropic sends with an error status. */
export function errorBody(status, message) {
  return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } };
}

/** The `error` event Anthropic sends inside a 200 stream (e.g. overloaded_error). */
export function errorFrame(status, message) {
  return event("error", errorBody(status, message));
}

export const requestIdHeader = "request-id";
