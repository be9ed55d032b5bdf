// Normalises the declarative turns a test scripts, so the wire formats only deal with one shape.
// Everything here is deterministic: the same turn and request always give the same bytes.

/** @typedef {import("./index.d.mts").Turn} Turn */

const DEFAULT_CHUNK_SIZE = 8;

/** Fills in defaults: stop reason from the content, usage estimated from the request. */
export function normalizeTurn(turn, body, nextId) {
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? nextId(),
    name: call.name,
    arguments: call.arguments ?? {},
    // The JSON text the wire carries; `rawArguments` scripts a model sending broken JSON.
    json: call.rawArguments ?? JSON.stringify(call.arguments ?? {}),
  }));
  const text = turn.text ?? "";
  const thinking = turn.thinking ?? "";
  const argsLength = toolCalls.reduce((n, c) => n + c.json.length, 0);
  return {
    text,
    thinking,
    thinkingSignature: turn.thinkingSignature,
    redactedThinking: turn.redactedThinking,
    toolCalls,
    stopReason: turn.stopReason ?? (toolCalls.length > 0 ? "toolUse" : "stop"),
    usage: {
      input: turn.usage?.input ?? estimateTokens(JSON.stringify(body?.messages ?? body?.input ?? body?.contents ?? "")),
      output: turn.usage?.output ?? estimateTokens(text + thinking) + Math.ceil(argsLength / 4),
      cacheRead: turn.usage?.cacheRead ?? 0,
      cacheWrite: turn.usage?.cacheWrite ?? 0,
    },
    chunkSize: Math.max(1, turn.chunkSize ?? DEFAULT_CHUNK_SIZE),
    argsChunkSize: turn.argsChunkSize,
    delayMs: turn.delayMs ?? 0,
    reasoningField: turn.reasoningField ?? "reasoning_content",
    fullEvents: turn.fullEvents === true,
    fault: turn.fault,
  };
}

// Roughly four characters a token, like the usual rule of thumb; only needs to be plausible.
function estimateTokens(text) {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Splits by code points so no piece ends inside a surrogate pair (the HTTP layer may still). */
export function splitText(text, size) {
  const chars = Array.from(text);
  const pieces = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces;
}

/**
 * Tool arguments always arrive in several fragments, as real APIs send them, so providers must
 * assemble them: at most a third of the JSON per fragment unless the turn says otherwise.
 */
export function splitArguments(json, turn) {
  const size = turn.argsChunkSize ?? Math.min(turn.chunkSize, Math.max(1, Math.ceil(json.length / 3)));
  return splitText(json, Math.max(1, size));
}
