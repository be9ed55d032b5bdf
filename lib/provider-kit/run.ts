// One turn against any streaming wire format: resolve the key, build and send the request, decode
// the SSE body into pi events, retry transient failures, cut idle streams. A wire format only
// supplies `request` and `decode`. The stream never throws: every failure ends in an `error` event.
//
// Retries never duplicate anything: `start` and every later event are held back until the first
// event that carries content (or the end). A transient failure after content has streamed (text,
// thinking, part of a tool call) retries the whole message, as pi retries the turn: the next
// attempt opens with a fresh `start`, which tells the caller the partial message is superseded
// (the loop only ever keeps the message an attempt finished, so the partial never reaches the
// session or the next request, and a half-streamed tool call never runs).
import type { AssistantMessageEvent, LlmContext, Model, StreamOptions } from "pi-kernel";
import { holdYoungGeneration } from "../heap-kit/index.js";
import { MessageAssembler } from "./assembler.js";
import { type ResponseHeaders, STREAM_BODY_FROM, post } from "./http.js";
import { HttpError, IdleTimeoutError, StreamProtocolError, describeError, httpError, redact } from "./errors.js";
import { checkUrl, emptyResponse, notAStream } from "./misconfigured.js";
import { type JsonBody, type StreamedBody, requestBody } from "./json-body.js";
import { OVERFLOW_MARKER, looksLikeOverflow } from "./overflow.js";
import { type RetryPolicy, decideRetry, fallsBack, retryPolicy, shedsLoad, sleep } from "./retry.js";
import type { Repeat, RepeatSink } from "./repeats.js";
import { sseBatches } from "./sse-batches.js";
import type { SseEvent } from "./sse.js";

export interface WireRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Our name for a tool the request renamed on the wire (Claude subscription requests use Claude Code's names). */
  toolName?(wireName: string): string;
}

export interface Wire {
  /** The HTTP request for one turn (the key may be undefined: keyless local servers). */
  request(
    model: Model,
    context: LlmContext,
    options: StreamOptions,
    apiKey: string | undefined,
    settings?: Readonly<Record<string, unknown>>,
  ): WireRequest;
  /** Turns SSE events into pi events, ending with `out.done(...)`; throws on protocol errors. */
  decode(
    batches: AsyncIterable<Iterable<SseEvent>>,
    out: MessageAssembler,
    model: Model,
    request?: WireRequest,
  ): AsyncIterable<AssistantMessageEvent>;
}

export interface RetryInfo {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  errorMessage: string;
  /** Content had streamed: the retry drops that partial message. */
  partial?: boolean;
}

export interface RunDeps {
  /** Looked up when `options.apiKey` is not given (the models service, in the plugins). */
  resolveApiKey?(model: Model): Promise<string | undefined>;
  /** After a 429 with `failedKey`: true when `resolveApiKey` now gives another key (models.json lists several). */
  rotateApiKey?(model: Model, failedKey: string | undefined): Promise<boolean>;
  /** settings.json, for `retry.*`. */
  settings?: Readonly<Record<string, unknown>>;
  /** Told before each retry's wait (for a diagnostic). */
  onRetry?(info: RetryInfo): void;
  /** After a retried request ends: pi's auto_retry_end. */
  onRetryEnd?(info: { success: boolean; attempt: number; finalError?: string }): void;
  /**
   * Whether `model` has a next model in its fallback chain (settings `fallbacks`): a rate limit or
   * an overload then moves on at once instead of waiting out the retry budget.
   */
  hasFallback?(model: Model): boolean;
  /**
   * The turn on the next model of the chain, after `model` failed with `reason` (429,
   * 529/overloaded, or 5xx after the retry budget; a partial answer is superseded by the next
   * model's `start`); undefined when the chain is spent.
   */
  fallback?(model: Model, reason: string): AsyncIterable<AssistantMessageEvent> | undefined;
}

type Events = AsyncGenerator<AssistantMessageEvent, void, undefined>;

export async function* runStream(wire: Wire, model: Model, context: LlmContext, options: StreamOptions = {}, deps: RunDeps = {}): Events {
  const policy = retryPolicy(deps.settings);
  const signal = options.signal;
  let apiKey: string | undefined;
  let out = new MessageAssembler(model);
  let emitted = false;
  /** A partial message was shown and dropped for a retry: whatever ends the turn must replace it. */
  let superseded = false;
  let retries = 0;
  try {
    apiKey = options.apiKey ?? (await deps.resolveApiKey?.(model));
    let request = wire.request(model, context, options, apiKey, deps.settings);
    checkUrl(model, request.url);
    const body = options.transformPayload ? ((await options.transformPayload(request.body)) ?? request.body) : request.body;
    // Bytes built a message at a time, kept for retries (json-body.ts); a body longer than
    // STREAM_BODY_FROM is made as it is sent instead, and made again for a retry (http.ts).
    const payload = requestBody(body, STREAM_BODY_FROM);
    const tried = new Set([apiKey]);
    for (let attempt = 0; ; attempt++) {
      out = new MessageAssembler(model);
      try {
        for await (const event of attemptStream(wire, model, request, payload, out, policy, signal, options.onResponse)) {
          if (!emitted) {
            emitted = true;
            yield out.start();
          }
          yield event;
        }
        if (retries > 0) deps.onRetryEnd?.({ success: true, attempt: retries });
        return;
      } catch (error) {
        if (signal?.aborted) throw error;
        const decision = decideRetry(policy, error, attempt);
        const rotated = decision.retry || decision.reason ? await nextKey(error, options, deps, model, apiKey) : undefined;
        // Another key, not yet tried by this request: no need to wait out the rate limit.
        const fresh = rotated !== undefined && !tried.has(rotated);
        // Rate-limited or overloaded with every key, and another model is configured: go there now.
        if (!fresh && shedsLoad(error) && deps.hasFallback?.(model)) throw error;
        if (!decision.retry && !fresh) throw decision.reason ? new RetryRefused(error, decision.reason) : error;
        const delayMs = fresh || !decision.retry ? 0 : decision.delayMs;
        const errorMessage = redact(describeError(error), apiKey);
        if (rotated) {
          apiKey = rotated;
          tried.add(rotated);
          request = { ...wire.request(model, context, options, apiKey, deps.settings), body: request.body };
        }
        retries = attempt + 1;
        deps.onRetry?.({ attempt: attempt + 1, maxRetries: policy.maxRetries, delayMs, errorMessage, partial: emitted });
        // The next attempt's first event opens a new message in place of the partial one.
        superseded ||= emitted;
        emitted = false;
        await sleep(delayMs, signal);
      }
    }
  } catch (error) {
    const aborted = signal?.aborted === true;
    const message = aborted ? "Request aborted" : failureMessage(error, apiKey);
    if (retries > 0) deps.onRetryEnd?.({ success: false, attempt: retries, finalError: message });
    // No tool call runs before its message ends, so another model can take the turn even after a
    // partial answer: its own `start` supersedes what was shown.
    const next = !aborted && fallsBack(unwrap(error)) ? deps.fallback?.(model, message) : undefined;
    if (next) yield* next;
    else {
      // An attempt after a dropped partial failed before streaming: open its (empty) message, so
      // the caller does not keep showing the partial one with this error.
      if (superseded && !emitted) yield out.start();
      yield out.fail(aborted ? "aborted" : "error", message);
    }
  }
}

/** On a rate limit (429), the provider's next key when it has several (models.json), else undefined. */
async function nextKey(error: unknown, options: StreamOptions, deps: RunDeps, model: Model, apiKey: string | undefined) {
  if (!(error instanceof HttpError) || error.status !== 429 || options.apiKey !== undefined || !deps.rotateApiKey) return undefined;
  if (!(await deps.rotateApiKey(model, apiKey))) return undefined;
  const next = await deps.resolveApiKey?.(model);
  return next !== undefined && next !== apiKey ? next : undefined;
}

/** A transient failure not retried because the server asked for too long a wait. */
class RetryRefused extends Error {
  constructor(
    readonly original: unknown,
    reason: string,
  ) {
    super(`${describeError(original)} (not retried: ${reason})`);
  }
}

function unwrap(error: unknown): unknown {
  return error instanceof RetryRefused ? error.original : error;
}

function failureMessage(error: unknown, apiKey: string | undefined): string {
  const text = redact(describeError(error), apiKey);
  const apiReported = error instanceof HttpError || error instanceof StreamProtocolError;
  const status = error instanceof HttpError ? error.status : undefined;
  return apiReported && looksLikeOverflow(text, status) ? `${OVERFLOW_MARKER}${text}` : text;
}

/** Socket reads before a stream holds V8's young generation (lib/heap-kit): a short answer takes a few. */
const HOLD_AFTER_READS = 16;

/** One HTTP attempt, with an idle watchdog covering the wait for headers and every read. */
async function* attemptStream(
  wire: Wire,
  model: Model,
  request: WireRequest,
  payload: JsonBody | StreamedBody,
  out: MessageAssembler,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onResponse?: StreamOptions["onResponse"],
): Events {
  signal?.throwIfAborted();
  const watchdog = new AbortController();
  const timer = setTimeout(() => watchdog.abort(new IdleTimeoutError(policy.timeoutMs)), policy.timeoutMs);
  const kick = () => timer.refresh();
  const combined = signal ? AbortSignal.any([signal, watchdog.signal]) : watchdog.signal;
  try {
    const response = await post(request.url, request.headers, payload, combined);
    if (!response.ok) throw await httpError(response);
    // A server that ignores `stream: true` (or a proxy answering for it) will do the same again.
    if (/json/i.test(response.headers.get("content-type") ?? "")) throw notAStream(model, await response.text());
    // pi's after_provider_response: a successful response's status and headers, body unread.
    if (onResponse) await onResponse({ status: response.status, headers: headerRecord(response.headers) });
    kick();
    let reads = 0;
    // A long stream's per-event garbage dies young: it needs no bigger young generation's fresh
    // pages. Held from its HOLD_AFTER_READS-th read, so a short answer loads no `node:v8`.
    let release: (() => void) | undefined;
    const onBytes = () => {
      if (++reads === HOLD_AFTER_READS) release = holdYoungGeneration();
      kick();
    };
    try {
      for await (const event of wire.decode(untilAborted(sseBatches(response.body, onBytes), signal), out, model, request)) {
        signal?.throwIfAborted();
        yield event;
      }
    } catch (error) {
      // A body that ended cleanly without a single byte is an empty answer, not a cut stream.
      if (reads === 0 && error instanceof StreamProtocolError && !signal?.aborted && !watchdog.signal.aborted) throw emptyResponse(model);
      throw error;
    } finally {
      release?.();
    }
    signal?.throwIfAborted();
  } catch (error) {
    // An abort from the watchdog surfaces as whatever the transport makes of it; name the real cause.
    if (watchdog.signal.aborted && !signal?.aborted) throw watchdog.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops handing events to the decoder once the caller aborts, so nothing arriving after the abort
 * changes the partial message the caller keeps.
 */
function untilAborted(
  batches: AsyncIterable<Iterable<SseEvent>> & RepeatSink,
  signal: AbortSignal | undefined,
): AsyncIterable<Iterable<SseEvent>> & RepeatSink {
  async function* checkedBatches(): AsyncGenerator<Iterable<SseEvent>> {
    for await (const batch of batches) yield signal ? checked(batch, signal) : batch;
  }
  // The decoder's repeats still reach the parser (repeats.ts).
  return Object.assign(checkedBatches(), { expect: (repeat: Repeat | undefined) => batches.expect(repeat), wants: () => batches.wants() });
}

function* checked(batch: Iterable<SseEvent>, signal: AbortSignal): Generator<SseEvent> {
  for (const event of batch) {
    signal.throwIfAborted();
    yield event;
  }
}

function headerRecord(headers: ResponseHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Request headers: the API's own, then the model's (models.json), which win whatever their case. */
export function withModelHeaders(base: Record<string, string>, model: Model): Record<string, string> {
  const headers = { ...base };
  for (const [name, value] of Object.entries(model.headers ?? {})) {
    delete headers[name.toLowerCase()];
    headers[name] = value;
  }
  return headers;
}

/** A wire's decoding of raw response bytes, without HTTP (tests feed it any split; benches, recorded bytes). */
export function decodeBytes(
  wire: Wire,
  body: AsyncIterable<Uint8Array>,
  out: MessageAssembler,
  model: Model,
): AsyncIterable<AssistantMessageEvent> {
  return wire.decode(sseBatches(body), out, model);
}
