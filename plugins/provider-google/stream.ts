// The Gemini wire format: `data: {GenerateContentResponse}` frames (CRLF-separated), each with
// parts and the usage so far; no end marker, the last frame carries finishReason. Function calls
// arrive whole, one part each; thought signatures ride on the part they follow.
import type { AssistantMessageEvent, Model } from "pi-kernel";
import {
  count,
  decodePerRead,
  expectRepeat,
  offerRepeat,
  type MessageAssembler,
  isTransientApiError,
  parseEventData,
  priceUsage,
  type Repeat,
  repeatOf,
  SameShape,
  type SseEvent,
  StreamProtocolError,
  type Wire,
} from "../../lib/provider-kit/index.js";
import { LOCAL_ID_PREFIX } from "./convert.js";
import { buildRequest } from "./request.js";

export const geminiWire: Wire = {
  request: (model, context, options, apiKey, settings) => buildRequest(model, context, options, apiKey, settings),
  decode: decodeEvents,
};

// biome-ignore lint/suspicious/noExplicitAny: heterogeneous by design (tools of any schema, provider JSON)
type Data = Record<string, any>;
interface State {
  finishReason?: string;
  calls: number;
  seen?: Data;
}

// Sync helpers are iterated with for-of: `yield*` of a sync iterable in an async generator
// wraps every element in extra promises, which shows on long answers.
async function* decodeEvents(
  batches: AsyncIterable<Iterable<SseEvent>>,
  out: MessageAssembler,
  model: Model,
): AsyncGenerator<AssistantMessageEvent> {
  const state: State = { calls: 0 };
  const same = new SameShape();
  /** The plain text event last parsed in full, as a repeat for the SSE parser (repeats.ts). */
  let repeat: Repeat | undefined;
  const handle = (event: SseEvent): AssistantMessageEvent[] => {
    if (event.repeat) return out.text(event.text as string);
    const text = same.text(event.data);
    if (text !== undefined) {
      // A second event of the shape: the parser may take the next ones as runs.
      expectRepeat(batches, repeat);
      return text ? out.text(text) : [];
    }
    const [events, plain] = fullChunk(event.data, same, out, model, state);
    repeat = undefined;
    if (plain !== undefined)
      offerRepeat(batches, () => {
        repeat = repeatOf(event, "text", plain, "text");
        return repeat;
      });
    return events;
  };
  yield* decodePerRead(batches, out, handle, () => false);
  if (!state.finishReason) throw new StreamProtocolError("The stream ended unexpectedly, before the model finished", true);
  for (const e of out.done(stopReason(state.finishReason, out))) yield e;
}

/**
 * An event parsed in full. One whose only effect is answer text (one candidate with one part that
 * holds nothing but text, no finish reason) is remembered, so the next ones like it skip JSON.parse,
 * and its text returned (the SSE parser may then take its like as runs: repeats.ts).
 */
function fullChunk(
  data: string,
  same: SameShape,
  out: MessageAssembler,
  model: Model,
  state: State,
): [events: AssistantMessageEvent[], plainText: string | undefined] {
  const chunk = parseEventData<Data>(data);
  const events = [...handleChunk(chunk, out, model, state)];
  const candidates = chunk.candidates;
  const part = candidates?.length === 1 && candidates[0].content?.parts?.length === 1 ? candidates[0].content.parts[0] : undefined;
  const plain = part && !chunk.error && !candidates[0].finishReason && typeof part.text === "string" && Object.keys(part).length === 1;
  if (plain && out.message.responseId === chunk.responseId) {
    same.remember(data, "text", part.text);
    return [events, part.text];
  }
  same.forget();
  return [events, undefined];
}

function* handleChunk(chunk: Data, out: MessageAssembler, model: Model, state: State): Generator<AssistantMessageEvent> {
  if (chunk.error) {
    const status = String(chunk.error.status ?? "");
    throw new StreamProtocolError(
      `The provider reported an error mid-stream: ${chunk.error.message ?? status}`,
      isTransientApiError(status, chunk.error.code),
    );
  }
  if (chunk.responseId && !out.message.responseId) out.message.responseId = chunk.responseId;
  if (chunk.usageMetadata) usage(chunk.usageMetadata, out, model, state);
  const candidate = chunk.candidates?.[0];
  for (const part of candidate?.content?.parts ?? []) yield* handlePart(part, out, state);
  if (candidate?.finishReason) state.finishReason = candidate.finishReason;
}

function handlePart(part: Data, out: MessageAssembler, state: State): AssistantMessageEvent[] {
  const signature = typeof part.thoughtSignature === "string" ? part.thoughtSignature : undefined;
  if (part.functionCall) {
    const call = part.functionCall;
    const id = typeof call.id === "string" && call.id ? call.id : `${LOCAL_ID_PREFIX}${out.message.responseId ?? "r"}_${++state.calls}`;
    const events = out.beginToolCall(id, String(call.name ?? ""));
    events.push(...out.toolCallArguments(JSON.stringify(call.args ?? {})));
    const block = out.current();
    if (signature && block?.type === "toolCall") block.thoughtSignature = signature;
    events.push(...out.close());
    return events;
  }
  if (typeof part.text !== "string") return [];
  const events = part.text ? (part.thought === true ? out.thinking(part.text) : out.text(part.text)) : [];
  if (signature) sign(out, signature, part.thought === true);
  return events;
}

// A signature belongs to the part it came with; an empty part's goes to the block before it.
function sign(out: MessageAssembler, signature: string, thought: boolean): void {
  const block = out.current() ?? (thought ? out.last("thinking") : (out.last("text") ?? out.last("thinking")));
  if (block?.type === "thinking") block.thinkingSignature = signature;
  else if (block?.type === "text") block.textSignature = signature;
}

// Every frame repeats the usage so far; it is priced again only when it changed.
// candidatesTokenCount leaves out the thoughts, which are billed as output too.
function usage(meta: Data, out: MessageAssembler, model: Model, state: State): void {
  const seen = state.seen;
  if (
    seen &&
    seen.promptTokenCount === meta.promptTokenCount &&
    seen.candidatesTokenCount === meta.candidatesTokenCount &&
    seen.thoughtsTokenCount === meta.thoughtsTokenCount &&
    seen.cachedContentTokenCount === meta.cachedContentTokenCount
  )
    return;
  state.seen = meta;
  const cacheRead = count(meta.cachedContentTokenCount);
  out.message.usage = priceUsage(
    {
      input: Math.max(0, count(meta.promptTokenCount) - cacheRead),
      output: count(meta.candidatesTokenCount) + count(meta.thoughtsTokenCount),
      cacheRead,
      cacheWrite: 0,
    },
    model,
  );
}

function stopReason(reason: string, out: MessageAssembler): "stop" | "length" | "toolUse" {
  if (reason === "MAX_TOKENS") return "length";
  if (reason !== "STOP" && reason !== "FINISH_REASON_UNSPECIFIED") throw new StreamProtocolError(`The model stopped: ${reason}`);
  return out.hasToolCalls() ? "toolUse" : "stop";
}
