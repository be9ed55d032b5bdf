// The Anthropic messages wire format: `event: <type>` + `data: {json}`, one content block at a
// time (message_start, content_block_start/delta/stop, message_delta, message_stop). Usage comes
// in message_start (input and cache) and message_delta (output, cumulative).
import type { AssistantMessageEvent, Model } from "pi-kernel";
import {
  count,
  decodePerRead,
  type Events,
  offerRepeat,
  type MessageAssembler,
  isTransientApiError,
  parseEventData,
  PLAIN_CHAR,
  priceUsage,
  repeatOf,
  type SseEvent,
  StreamProtocolError,
  type TokenCounts,
  type Wire,
  type WireRequest,
} from "../../lib/provider-kit/index.js";
import { buildRequest } from "./request.js";

export const anthropicWire: Wire = {
  request: (model, context, options, apiKey, settings) => buildRequest(model, context, options, apiKey, settings),
  decode: decodeEvents,
};

interface State {
  counts: TokenCounts;
  stopReason?: string;
  finished: boolean;
  /** Our name for a called tool (subscription requests call ours by Claude Code's names). */
  toolName?: (wireName: string) => string;
}
// biome-ignore lint/suspicious/noExplicitAny: heterogeneous by design (tools of any schema, provider JSON)
type Data = Record<string, any>;

// Sync helpers are iterated with for-of: `yield*` of a sync iterable in an async generator
// wraps every element in extra promises, which shows on long answers.
async function* decodeEvents(
  batches: AsyncIterable<Iterable<SseEvent>>,
  out: MessageAssembler,
  model: Model,
  request?: WireRequest,
): AsyncGenerator<AssistantMessageEvent> {
  const state: State = { counts: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, finished: false, toolName: request?.toolName };
  yield* decodePerRead(
    batches,
    out,
    (event) => repeated(event, out) ?? plainDelta(event, out, batches) ?? handle(parseEventData<Data>(event.data), out, model, state),
    () => state.finished,
  );
  if (!state.finished) throw new StreamProtocolError("The stream ended unexpectedly, before the model finished", true);
  for (const e of out.done(stopReason(state.stopReason, out))) yield e;
}

const PLAIN_DELTA = new RegExp(
  String.raw`^\{"type":"content_block_delta","index":(?:0|[1-9]\d*),"delta":\{"type":"(?:text_delta","text|thinking_delta","thinking)":"${PLAIN_CHAR}*"\}\}$`,
);

/**
 * A text or thinking delta read without JSON.parse (one per token of a long answer): only when
 * the event is exactly `{"type":"content_block_delta","index":N,"delta":{"type":"text_delta",
 * "text":"..."}}` (or the thinking form) and the text has no escapes; otherwise undefined.
 */
function plainDelta(event: SseEvent, out: MessageAssembler, batches: unknown): Events | undefined {
  const data = event.data;
  if (!PLAIN_DELTA.test(data)) return undefined;
  // Offsets in the shape just matched: the index's digits end at the first comma after its head.
  const comma = data.indexOf(",", INDEX_AT);
  const thinking = data.charCodeAt(comma + KIND_AT) === 0x68; // the h of thinking_delta
  const text = data.slice(comma + (thinking ? THINKING_AT : TEXT_AT), data.length - 3);
  const kind = thinking ? "thinking" : "text";
  // Its like (same bytes but for the text) may now come as runs (repeats.ts).
  offerRepeat(batches, () => repeatOf(event, kind, text, kind));
  return thinking ? out.thinking(text) : out.text(text);
}

/** A run of deltas shaped like one `plainDelta` read (repeats.ts). */
function repeated(event: SseEvent, out: MessageAssembler): Events | undefined {
  if (!event.repeat) return undefined;
  return event.repeat.kind === "thinking" ? out.thinking(event.text as string) : out.text(event.text as string);
}

const INDEX_AT = '{"type":"content_block_delta","index":'.length;
const KIND_AT = ',"delta":{"type":"t'.length;
const TEXT_AT = ',"delta":{"type":"text_delta","text":"'.length;
const THINKING_AT = ',"delta":{"type":"thinking_delta","thinking":"'.length;

function* handle(data: Data, out: MessageAssembler, model: Model, state: State): Generator<AssistantMessageEvent> {
  switch (data.type) {
    case "message_start":
      out.message.responseId = data.message?.id;
      updateUsage(data.message?.usage, out, model, state);
      return;
    case "content_block_start":
      yield* blockStart(data.content_block ?? {}, data.index, out, state);
      return;
    case "content_block_delta":
      yield* blockDelta(data.delta ?? {}, out);
      return;
    case "content_block_stop":
      yield* out.close();
      return;
    case "message_delta":
      if (data.delta?.stop_reason) state.stopReason = data.delta.stop_reason;
      updateUsage(data.usage, out, model, state);
      return;
    case "message_stop":
      state.finished = true;
      return;
    case "error": {
      const type = String(data.error?.type ?? "error");
      throw new StreamProtocolError(
        `The provider reported an error mid-stream: ${data.error?.message ?? type} (${type})`,
        isTransientApiError(type),
      );
    }
    default:
      return; // ping, and event types added after this was written
  }
}

function blockStart(block: Data, index: number, out: MessageAssembler, state: State): AssistantMessageEvent[] {
  if (block.type === "text") return [...out.beginText(), ...(block.text ? out.text(block.text) : [])];
  if (block.type === "thinking") return out.beginThinking();
  if (block.type === "redacted_thinking") return out.redactedThinking(String(block.data ?? ""));
  if (block.type === "tool_use") {
    const name = String(block.name);
    return out.beginToolCall(String(block.id), state.toolName ? state.toolName(name) : name, index);
  }
  return out.close(); // server tools and future block kinds are not ours to show
}

function blockDelta(delta: Data, out: MessageAssembler): AssistantMessageEvent[] {
  if (delta.type === "text_delta") return out.text(String(delta.text ?? ""));
  if (delta.type === "thinking_delta") return out.thinking(String(delta.thinking ?? ""));
  if (delta.type === "input_json_delta") return out.toolCallArguments(String(delta.partial_json ?? ""));
  if (delta.type === "signature_delta") {
    const block = out.current();
    if (block?.type === "thinking") block.thinkingSignature = (block.thinkingSignature ?? "") + String(delta.signature ?? "");
  }
  return [];
}

// Each report is cumulative; fields missing from a later one keep their earlier value.
function updateUsage(usage: Data | undefined, out: MessageAssembler, model: Model, state: State): void {
  if (!usage) return;
  const c = state.counts;
  if (usage.input_tokens != null) c.input = count(usage.input_tokens);
  if (usage.output_tokens != null) c.output = count(usage.output_tokens);
  if (usage.cache_read_input_tokens != null) c.cacheRead = count(usage.cache_read_input_tokens);
  if (usage.cache_creation_input_tokens != null) c.cacheWrite = count(usage.cache_creation_input_tokens);
  out.message.usage = priceUsage(c, model);
}

function stopReason(reason: string | undefined, out: MessageAssembler): "stop" | "length" | "toolUse" {
  if (reason === "max_tokens") return "length";
  if (reason === "tool_use") return "toolUse";
  if (reason === "refusal") throw new StreamProtocolError("The model refused to answer (stop_reason: refusal)");
  return out.hasToolCalls() ? "toolUse" : "stop";
}
