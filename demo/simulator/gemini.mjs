// Gemini streamGenerateContent?alt=sse: `data: {GenerateContentResponse}` frames separated by
// CRLF blank lines, each with the usage so far; thought parts carry `thought: true`, and the
// signature rides on the first part after thinking (or on a function call). Function calls arrive
// whole, one part each and without an id (as the API usually sends them); the last frame
// carries finishReason.
import { splitText } from "./turns.mjs";

const FINISH = { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP" };

export function frames(turn, body, responseId, path) {
  const modelVersion = /models\/([^:]+):/.exec(path ?? "")?.[1] ?? "sim-gemini";
  const u = turn.usage;
  const thoughts = turn.thinking ? Math.ceil(turn.thinking.length / 4) : 0;
  const usage = (done) => ({
    promptTokenCount: u.input + u.cacheRead,
    candidatesTokenCount: done ? Math.max(0, u.output - thoughts) : 0,
    totalTokenCount: u.input + u.cacheRead + (done ? u.output : 0),
    ...(u.cacheRead ? { cachedContentTokenCount: u.cacheRead } : {}),
    ...(thoughts && done ? { thoughtsTokenCount: thoughts } : {}),
    // The real API details the prompt by modality in every event (fullEvents).
    ...(turn.fullEvents ? { promptTokensDetails: [{ modality: "TEXT", tokenCount: u.input + u.cacheRead }] } : {}),
  });
  const frame = (parts, finish) =>
    `data: ${JSON.stringify({
      candidates: [{ content: { parts, role: "model" }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
      usageMetadata: usage(Boolean(finish)),
      modelVersion,
      responseId,
    })}\r\n\r\n`;
  const signature = turn.thinkingSignature ?? Buffer.from(`sim-thought:${responseId}`).toString("base64");
  const parts = [];
  for (const piece of splitText(turn.thinking, turn.chunkSize)) parts.push([{ text: piece, thought: true }]);
  let signed = !turn.thinking;
  const sign = (part) => {
    if (signed) return part;
    signed = true;
    return { ...part, thoughtSignature: signature };
  };
  for (const piece of splitText(turn.text, turn.chunkSize)) parts.push([sign({ text: piece })]);
  for (const call of turn.toolCalls) parts.push([sign({ functionCall: { name: call.name, args: call.arguments } })]);
  if (!signed) parts.push([sign({ text: "" })]);
  const out = parts.map((p) => frame(p));
  out.push(frame([{ text: "" }], FINISH[turn.stopReason] ?? "STOP"));
  return out;
}

export function malformedFrame() {
  return `data: {"candidates":[{"content":{"parts":[{"text":"bro\r\n\r\n`;
}

const STATUS = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function errorBody(status, message) {
  return { error: { code: status, message, status: STATUS[status] ?? "UNKNOWN" } };
}

/** An error chunk inside a 200 stream. */
export function errorFrame(status, message) {
  return `data: ${JSON.stringify(errorBody(status, message))}\r\n\r\n`;
}

export const requestIdHeader = "x-goog-request-id";
