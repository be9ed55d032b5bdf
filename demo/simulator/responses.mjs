// OpenAI responses streaming: `event: response.*` + `data: {json}` frames with sequence numbers.
// Reasoning arrives as summary text deltas, then the finished item with `encrypted_content`;
// usage comes only with `response.completed` / `response.incomplete`.
import { splitArguments, splitText } from "./turns.mjs";

export function frames(turn, body, responseId) {
  let seq = 0;
  const event = (type, payload) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...payload })}\n\n`;
  const response = (status, extra = {}) => ({
    id: responseId,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    model: body.model ?? "sim-model",
    output: [],
    ...extra,
  });
  const out = [
    event("response.created", { response: response("in_progress") }),
    event("response.in_progress", { response: response("in_progress") }),
  ];
  const output = [];
  let index = 0;
  const item = (it, deltas) => {
    const output_index = index++;
    // a loop, not push(...): a long scripted answer has more frames than a call may have arguments
    for (const frame of [
      event("response.output_item.added", { output_index, item: { ...it.added } }),
      ...deltas(output_index),
      event("response.output_item.done", { output_index, item: it.done }),
    ])
      out.push(frame);
    output.push(it.done);
  };
  if (turn.thinking) {
    const id = `rs_${responseId}`;
    const encrypted = turn.thinkingSignature ?? Buffer.from(`sim-encrypted:${responseId}`).toString("base64");
    item(
      {
        added: { id, type: "reasoning", summary: [] },
        done: { id, type: "reasoning", summary: [{ type: "summary_text", text: turn.thinking }], encrypted_content: encrypted },
      },
      (output_index) => [
        event("response.reasoning_summary_part.added", {
          item_id: id,
          output_index,
          summary_index: 0,
          part: { type: "summary_text", text: "" },
        }),
        ...splitText(turn.thinking, turn.chunkSize).map((delta) =>
          event("response.reasoning_summary_text.delta", { item_id: id, output_index, summary_index: 0, delta }),
        ),
        event("response.reasoning_summary_text.done", { item_id: id, output_index, summary_index: 0, text: turn.thinking }),
        event("response.reasoning_summary_part.done", {
          item_id: id,
          output_index,
          summary_index: 0,
          part: { type: "summary_text", text: turn.thinking },
        }),
      ],
    );
  }
  if (turn.text) {
    // The real API's item ids are 50 characters; fullEvents also adds logprobs and obfuscation.
    const id = turn.fullEvents ? `msg_${responseId}`.padEnd(50, "0") : `msg_${responseId}`;
    const extra = turn.fullEvents ? (delta) => ({ logprobs: [], obfuscation: delta.length.toString(16).padStart(12, "x") }) : () => ({});
    const part = { type: "output_text", text: turn.text, annotations: [] };
    item(
      {
        added: { id, type: "message", status: "in_progress", role: "assistant", content: [] },
        done: { id, type: "message", status: "completed", role: "assistant", content: [part] },
      },
      (output_index) => [
        event("response.content_part.added", { item_id: id, output_index, content_index: 0, part: { ...part, text: "" } }),
        ...splitText(turn.text, turn.chunkSize).map((delta) =>
          event("response.output_text.delta", { item_id: id, output_index, content_index: 0, delta, ...extra(delta) }),
        ),
        event("response.output_text.done", { item_id: id, output_index, content_index: 0, text: turn.text }),
        event("response.content_part.done", { item_id: id, output_index, content_index: 0, part }),
      ],
    );
  }
  turn.toolCalls.forEach((call, n) => {
    const id = `fc_${responseId}_${n}`;
    const args = call.json;
    const base = { id, type: "function_call", call_id: call.id, name: call.name };
    item(
      { added: { ...base, status: "in_progress", arguments: "" }, done: { ...base, status: "completed", arguments: args } },
      (output_index) => [
        ...splitArguments(args, turn).map((delta) => event("response.function_call_arguments.delta", { item_id: id, output_index, delta })),
        event("response.function_call_arguments.done", { item_id: id, output_index, arguments: args }),
      ],
    );
  });
  const u = turn.usage;
  const usage = {
    input_tokens: u.input + u.cacheRead,
    input_tokens_details: { cached_tokens: u.cacheRead },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: turn.thinking ? Math.ceil(turn.thinking.length / 4) : 0 },
    total_tokens: u.input + u.cacheRead + u.output,
  };
  if (turn.stopReason === "length")
    out.push(
      event("response.incomplete", {
        response: response("incomplete", { output, usage, incomplete_details: { reason: "max_output_tokens" } }),
      }),
    );
  else out.push(event("response.completed", { response: response("completed", { output, usage }) }));
  return out;
}

export function malformedFrame() {
  return `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"bro\n\n`;
}

export function errorBody(status, message) {
  if (status === 429) return { error: { message, type: "requests", param: null, code: "rate_limit_exceeded" } };
  if (status >= 500) return { error: { message, type: "server_error", param: null, code: null } };
  return { error: { message, type: "invalid_request_error", param: null, code: null } };
}

/** The responses API's `error` event inside a 200 stream. */
export function errorFrame(status, message) {
  const { error } = errorBody(status, message);
  const data = { type: "error", code: error.code ?? error.type, message, param: null, sequence_number: 0 };
  return `event: error\ndata: ${JSON.stringify(data)}\n\n`;
}

export const requestIdHeader = "x-request-id";
