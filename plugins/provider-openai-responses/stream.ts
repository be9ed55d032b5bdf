// The responses-API wire format: `event: response.*` frames. Output items (reasoning, message,
// function_call) open and close in turn; usage arrives only with response.completed/incomplete.
import type { AssistantMessageEvent, Model } from "pi-kernel";
import {
  count,
  decodePerRead,
  type Events,
  offerRepeat,
  type IgnoredMember,
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

export const responsesWire: Wire = {
  request: (model, context, options, apiKey) => buildRequest(model, context, options, apiKey),
  decode: decodeEvents,
};

// biome-ignore lint/suspicious/noExplicitAny: heterogeneous by design (tools of any schema, provider JSON)
type Data = Record<string, any>;
interface State {
  status?: string;
  incompleteReason?: string;
  argsStreamed: boolean;
}

// Sync helpers are iterated with for-of: `yield*` of a sync iterable in an async generator
// wraps every element in extra promises, which shows on long answers.
async function* decodeEvents(
  batches: AsyncIterable<Iterable<SseEvent>>,
  out: MessageAssembler,
  model: Model,
): AsyncGenerator<AssistantMessageEvent> {
  const state: State = { argsStreamed: false };
  yield* decodePerRead(
    batches,
    out,
    (event) => repeated(event, out) ?? plainDelta(event, out, batches) ?? handle(parseEventData<Data>(event.data), out, model, state),
    () => !!state.status,
  );
  if (!state.status) throw new StreamProtocolError("The stream ended unexpectedly, before the model finished", true);
  if (state.status === "incomplete" && state.incompleteReason !== "max_output_tokens") {
    throw new StreamProtocolError(`The response is incomplete (${state.incompleteReason ?? "unknown reason"})`);
  }
  for (const e of out.done(state.status === "incomplete" ? "length" : out.hasToolCalls() ? "toolUse" : "stop")) yield e;
}

/** A member of a delta event other than its text: a scalar, or the empty logprobs list the API sends. */
const OTHER = `(?:${SCALAR_MEMBER}|"logprobs":\\[\\])`;
const PLAIN_DELTA = new RegExp(
  String.raw`^\{"type":"response\.(output_text|reasoning_summary_text)\.delta",(?:${OTHER},)*"delta":"(${PLAIN_CHAR}*)"(?:,${OTHER})*\}$`,
);

/**
 * An answer or reasoning-summary text delta read without JSON.parse (one per token of a long
 * answer): only when the event is `{"type":"response.output_text.delta", ...}` (or the
 * reasoning summary form) with scalar members (item id, indexes, sequence number) and empty
 * logprobs besides its text, and the text has no escapes; otherwise undefined.
 */
function plainDelta(event: SseEvent, out: MessageAssembler, batches: unknown): Events | undefined {
  const match = PLAIN_DELTA.exec(event.data);
  if (!match) return undefined;
  const kind = match[1] === "output_text" ? "text" : "thinking";
  // Its like (same bytes but for the text, the sequence number and the padding) may now come as
  // runs (repeats.ts): this path reads no scalar member but the type.
  offerRepeat(batches, () => repeatOf(event, "delta", match[2], kind, COUNTERS));
  return kind === "text" ? out.text(match[2]) : out.thinking(match[2]);
}

/** The members of a delta event that change from one to the next besides its text. */
const COUNTERS: IgnoredMember[] = [
  { key: "sequence_number", type: "number" },
  { key: "obfuscation", type: "string" },
];

/** A run of deltas shaped like one `plainDelta` read (repeats.ts). */
function repeated(event: SseEvent, out: MessageAssembler): Events | undefined {
  if (!event.repeat) return undefined;
  return event.repeat.kind === "thinking" ? out.thinking(event.text as string) : out.text(event.text as string);
}

function* handle(data: Data, out: MessageAssembler, model: Model, state: State): Generator<AssistantMessageEvent> {
  switch (data.type) {
    case "response.created":
      out.message.responseId = data.response?.id;
      return;
    case "response.output_item.added":
      yield* itemAdded(data.item ?? {}, out, state);
      return;
    case "response.reasoning_summary_part.added":
      // Summary parts are separate paragraphs of one thinking block.
      if (data.summary_index > 0) yield* out.thinking("\n\n");
      return;
    case "response.reasoning_summary_text.delta":
      yield* out.thinking(String(data.delta ?? ""));
      return;
    case "response.output_text.delta":
    case "response.refusal.delta":
      yield* out.text(String(data.delta ?? ""));
      return;
    case "response.function_call_arguments.delta":
      state.argsStreamed = true;
      yield* out.toolCallArguments(String(data.delta ?? ""));
      return;
    case "response.output_item.done":
      yield* itemDone(data.item ?? {}, out, state);
      return;
    case "response.completed":
    case "response.incomplete":
      finish(data.response ?? {}, out, model, state);
      return;
    case "response.failed": {
      const error = data.response?.error;
      throw new StreamProtocolError(
        `The provider reported an error mid-stream: ${error?.message ?? "response failed"}${error?.code ? ` (${error.code})` : ""}`,
        isTransientApiError(error?.code, error?.type),
      );
    }
    case "error":
      throw new StreamProtocolError(
        `The provider reported an error mid-stream: ${data.message ?? data.error?.message ?? "unknown error"}${data.code ? ` (${data.code})` : ""}`,
        isTransientApiError(data.code, data.error?.code, data.error?.type),
      );
    default:
      return;
  }
}

function itemAdded(item: Data, out: MessageAssembler, state: State): AssistantMessageEvent[] {
  if (item.type === "reasoning") return out.beginThinking();
  if (item.type === "message") return out.beginText();
  if (item.type === "function_call") {
    state.argsStreamed = false;
    // pi's convention: `call_id|item_id`, so replay can restore both.
    return out.beginToolCall(`${item.call_id}|${item.id}`, String(item.name ?? ""), item.id);
  }
  return out.close();
}

function itemDone(item: Data, out: MessageAssembler, state: State): AssistantMessageEvent[] {
  const events: AssistantMessageEvent[] = [];
  const block = out.current();
  if (item.type === "reasoning" && block?.type === "thinking") {
    if (!block.thinking && Array.isArray(item.summary))
      events.push(...out.thinking(item.summary.map((s: Data) => s.text ?? "").join("\n\n")));
    block.thinkingSignature = JSON.stringify(item);
  } else if (item.type === "message" && block?.type === "text") {
    block.textSignature = item.id;
  } else if (item.type === "function_call" && !state.argsStreamed && typeof item.arguments === "string") {
    events.push(...out.toolCallArguments(item.arguments)); // a server that sends arguments only whole
  }
  events.push(...out.close());
  return events;
}

function finish(response: Data, out: MessageAssembler, model: Model, state: State): void {
  state.status = response.status === "incomplete" ? "incomplete" : "completed";
  state.incompleteReason = response.incomplete_details?.reason;
  const usage = response.usage;
  if (usage) {
    const cacheRead = count(usage.input_tokens_details?.cached_tokens);
    out.message.usage = priceUsage(
      { input: Math.max(0, count(usage.input_tokens) - cacheRead), output: count(usage.output_tokens), cacheRead, cacheWrite: 0 },
      model,
    );
  }
}
