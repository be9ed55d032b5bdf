// One chat-completions turn as a stream of pi events. Loaded lazily by the plugin's index so
// start-up never pays for it. It never throws: every failure ends in an `error` event.
import type { AssistantMessageEvent, LlmContext, Model, StreamOptions } from "pi-kernel";
import { type WireToolCallDelta, MessageAssembler } from "./assembler.js";
import { StreamProtocolError, describeError, httpError, redact } from "./errors.js";
import { buildRequest } from "./request.js";
import { SseParser } from "./sse.js";
import { type WireUsage, toUsage } from "./usage.js";

export interface StreamDeps {
  /** Looked up when `options.apiKey` is not given (the models service, in the plugin). */
  resolveApiKey?(model: Model): Promise<string | undefined>;
}

type Events = AsyncGenerator<AssistantMessageEvent, void, undefined>;

export async function* streamChatCompletions(model: Model, context: LlmContext, options: StreamOptions = {}, deps: StreamDeps = {}): Events {
  const out = new MessageAssembler(model);
  let apiKey: string | undefined;
  try {
    apiKey = options.apiKey ?? (await deps.resolveApiKey?.(model));
    const response = await send(model, context, options, apiKey);
    yield out.start();
    yield* decodeBody(response.body!, out, model, options.signal);
  } catch (error) {
    const aborted = options.signal?.aborted === true;
    yield out.fail(aborted ? "aborted" : "error", aborted ? "Request aborted" : redact(describeError(error), apiKey));
  }
}

/** Sends the request and returns a streaming 2xx response; anything else throws. */
async function send(model: Model, context: LlmContext, options: StreamOptions, apiKey: string | undefined): Promise<Response> {
  const request = buildRequest(model, context, options, apiKey);
  const body = options.transformPayload ? ((await options.transformPayload(request.body)) ?? request.body) : request.body;
  options.signal?.throwIfAborted();
  const response = await fetch(request.url, { method: "POST", headers: request.headers, body: JSON.stringify(body), signal: options.signal });
  if (!response.ok) throw await httpError(response);
  if (!response.body) throw new StreamProtocolError("The provider sent an empty response");
  return response;
}

interface ChunkState { finishReason?: string; done: boolean }

/**
 * Turns the raw SSE bytes of a response into events. Exported so the decoding can be tested on
 * any split of the same bytes.
 */
export async function* decodeBody(body: AsyncIterable<Uint8Array>, out: MessageAssembler, model: Model, signal?: AbortSignal): Events {
  const parser = new SseParser();
  const state: ChunkState = { done: false };
  for await (const bytes of body) {
    for (const event of parser.push(bytes)) {
      yield* handleData(event.data, out, model, state);
      if (state.done) break;
    }
    if (state.done) break; // [DONE]: leaving the loop cancels the rest of the body
    signal?.throwIfAborted();
  }
  if (!state.done) for (const event of parser.end()) yield* handleData(event.data, out, model, state);
  signal?.throwIfAborted();
  if (!state.finishReason) throw new StreamProtocolError("The stream ended unexpectedly, before the model finished");
  yield* out.done(stopReason(state.finishReason, out));
}

function* handleData(data: string, out: MessageAssembler, model: Model, state: ChunkState): Generator<AssistantMessageEvent> {
  if (state.done) return;
  if (data.trim() === "[DONE]") {
    state.done = true;
    return;
  }
  const chunk = parseChunk(data);
  if (chunk.error) throw new StreamProtocolError(`The provider reported an error mid-stream: ${errorText(chunk.error)}`);
  if (chunk.id && !out.message.responseId) out.message.responseId = chunk.id;
  if (chunk.usage) out.message.usage = toUsage(chunk.usage, model);
  const choice = chunk.choices?.[0];
  if (!choice) return;
  const delta = choice.delta ?? {};
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (typeof reasoning === "string" && reasoning) yield* out.thinking(reasoning);
  if (typeof delta.content === "string" && delta.content) yield* out.text(delta.content);
  for (const call of delta.tool_calls ?? []) yield* out.toolCall(call);
  if (choice.finish_reason) state.finishReason = choice.finish_reason;
}

interface WireChunk {
  id?: string;
  choices?: { delta?: WireDelta; finish_reason?: string | null }[];
  usage?: WireUsage | null;
  error?: unknown;
}
interface WireDelta { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: WireToolCallDelta[] }

function parseChunk(data: string): WireChunk {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === "object" && value !== null) return value as WireChunk;
  } catch {
    // reported below
  }
  const preview = data.length > 80 ? `${data.slice(0, 80)}…` : data;
  throw new StreamProtocolError(`Malformed chunk from the provider (not JSON): ${preview}`);
}

function errorText(error: unknown): string {
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

function stopReason(finish: string, out: MessageAssembler): "stop" | "length" | "toolUse" {
  if (finish === "length") return "length";
  if (finish === "tool_calls" || finish === "function_call") return "toolUse";
  if (finish === "content_filter") throw new StreamProtocolError("The provider stopped the response (finish_reason: content_filter)");
  // Some servers say "stop" after tool calls; the calls still need running.
  return out.hasToolCalls() ? "toolUse" : "stop";
}
