// The chat-completions wire format: `data: {chunk}` frames, an optional usage chunk, `[DONE]`.
// Loaded lazily by the plugin's index; the shared driver (lib/provider-kit) does HTTP and retries.
import type { AssistantMessageEvent, Model } from "pi-kernel";
import {
  count,
  decodePerRead,
  type Events,
  type IgnoredMember,
  offerRepeat,
  type MessageAssembler,
  isTransientApiError,
  parseEventData,
  PLAIN_CHAR,
  priceUsage,
  repeatOf,
  SCALAR_MEMBER,
  type SseEvent,
  StreamProtocolError,
  type Wire,
} from "../../lib/provider-kit/index.js";
import { buildRequest } from "./request.js";

export const chatCompletionsWire: Wire = {
  request: (model, context, options, apiKey) => buildRequest(model, context, options, apiKey),
  decode: decodeEvents,
};

interface ChunkState {
  finishReason?: string;
  /** `[DONE]` arrived: the rest of the body is not read. */
  over?: boolean;
}

// Sync helpers are iterated with for-of: `yield*` of a sync iterable in an async generator
// wraps every element in extra promises, which shows on long answers.
async function* decodeEvents(
  batches: AsyncIterable<Iterable<SseEvent>>,
  out: MessageAssembler,
  model: Model,
): AsyncGenerator<AssistantMessageEvent> {
  const state: ChunkState = {};
  const handle = (event: SseEvent) => {
    if (event.repeat) return out.text(event.text as string);
    if (event.data.trim() !== "[DONE]")
      return plainContent(event, out, batches) ?? handleChunk(parseEventData<WireChunk>(event.data), out, model, state);
    state.over = true;
    return [];
  };
  yield* decodePerRead(batches, out, handle, () => state.over === true);
  if (!state.finishReason) throw new StreamProtocolError("The stream ended unexpectedly, before the model finished", true);
  for (const e of out.done(stopReason(state.finishReason, out))) yield e;
}

const PLAIN_CONTENT = new RegExp(
  String.raw`^\{(?:${SCALAR_MEMBER},)*"choices":\[\{"index":0,"delta":\{"content":"(${PLAIN_CHAR}+)"\}(?:,"logprobs":null)?,"finish_reason":null\}\](?:,${SCALAR_MEMBER})*\}$`,
);

/** The member OpenAI may add to pad a chunk's length: its value changes from chunk to chunk. */
const PADDING: IgnoredMember[] = [{ key: "obfuscation", type: "string" }];

/**
 * A chunk carrying only answer text, read without JSON.parse (one per token of a long answer):
 * the only nested value is one choice whose delta is `{"content":"..."}` and whose finish_reason
 * is null, every other member is a scalar (id, model, created, ...), and the text has no escapes.
 * The first chunk always takes the full path (it gives the response id). Otherwise undefined.
 */
function plainContent(event: SseEvent, out: MessageAssembler, batches: unknown): Events | undefined {
  if (!out.message.responseId) return undefined;
  const match = PLAIN_CONTENT.exec(event.data);
  if (!match) return undefined;
  // Its like (same bytes but for the text, and the padding OpenAI may add) may now come as runs
  // (repeats.ts): this path reads no scalar member.
  offerRepeat(batches, () => repeatOf(event, "content", match[1], "text", PADDING));
  return out.text(match[1]);
}

interface WireToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}
interface WireDelta {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: WireToolCallDelta[];
}
interface WireChunk {
  id?: string;
  choices?: { delta?: WireDelta; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null } | null;
  error?: unknown;
}

function* handleChunk(chunk: WireChunk, out: MessageAssembler, model: Model, state: ChunkState): Generator<AssistantMessageEvent> {
  if (chunk.error)
    throw new StreamProtocolError(`The provider reported an error mid-stream: ${errorText(chunk.error)}`, isTransientError(chunk.error));
  if (chunk.id && !out.message.responseId) out.message.responseId = chunk.id;
  if (chunk.usage) {
    // prompt_tokens includes the cached ones; we count them once, as cacheRead.
    const cacheRead = count(chunk.usage.prompt_tokens_details?.cached_tokens);
    out.message.usage = priceUsage(
      {
        input: Math.max(0, count(chunk.usage.prompt_tokens) - cacheRead),
        output: count(chunk.usage.completion_tokens),
        cacheRead,
        cacheWrite: 0,
      },
      model,
    );
  }
  const choice = chunk.choices?.[0];
  if (!choice) return;
  const delta = choice.delta ?? {};
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (typeof reasoning === "string" && reasoning) yield* out.thinking(reasoning);
  if (typeof delta.content === "string" && delta.content) yield* out.text(delta.content);
  for (const call of delta.tool_calls ?? []) yield* toolCall(call, out);
  if (choice.finish_reason) state.finishReason = choice.finish_reason;
}

function toolCall(wire: WireToolCallDelta, out: MessageAssembler): AssistantMessageEvent[] {
  const open = out.current();
  const continues = out.inToolCall(wire.index) && !(wire.id && open?.type === "toolCall" && wire.id !== open.id);
  // Some OpenAI-compatible servers omit the id; the call still needs one to pair its result.
  const events = continues
    ? []
    : out.beginToolCall(wire.id || `call_${Math.random().toString(36).slice(2, 10)}`, wire.function?.name ?? "", wire.index);
  const block = out.current();
  if (block?.type === "toolCall" && wire.function?.name && !block.name) block.name = wire.function.name;
  events.push(...out.toolCallArguments(wire.function?.arguments ?? ""));
  return events;
}

// OpenAI {type, code}; compatible servers put a status in `code` or only say it in the message.
function isTransientError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return isTransientApiError(error);
  const e = error as { type?: unknown; code?: unknown; status?: unknown; message?: unknown };
  return isTransientApiError(
    e.type,
    e.code,
    e.status,
    /overloaded|rate.?limit|unavailable/i.test(String(e.message)) ? "overloaded" : undefined,
  );
}

function errorText(error: unknown): string {
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

function stopReason(finish: string, out: MessageAssembler): "stop" | "length" | "toolUse" {
  if (finish === "length") return "length";
  if (finish === "tool_calls" || finish === "function_call") return "toolUse";
  if (finish === "content_filter") throw new StreamProtocolError("The provider stopped the response (finish_reason: content_filter)");
  // Some servers say "stop" after tool calls; the calls still need running.
  return out.hasToolCalls() ? "toolUse" : "stop";
}
