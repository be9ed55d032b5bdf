// When and how long to wait before trying a request again, from pi's `retry.*` settings.
// Only transient failures are retried: rate limits, server errors, overload, dropped connections
// and idle streams; never a context overflow or a request the server rejected as wrong.
import { HttpError, IdleTimeoutError, StreamProtocolError, isNetworkError } from "./errors.js";

export interface RetryPolicy {
  enabled: boolean;
  maxRetries: number;
  baseDelayMs: number;
  /** A server asking for a longer wait fails at once; 0 lifts the cap. */
  maxRetryDelayMs: number;
  /** Cut a stream (or a wait for headers) after this long without bytes. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { enabled: true, maxRetries: 3, baseDelayMs: 2000, maxRetryDelayMs: 60_000, timeoutMs: 120_000 };

type Bag = Readonly<Record<string, unknown>>;

/** Reads settings.json's `retry` object (`retry.provider.maxRetries` overrides `retry.maxRetries`). */
export function retryPolicy(settings: Bag | undefined): RetryPolicy {
  const retry = bag(settings?.retry);
  const provider = bag(retry.provider);
  const num = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback);
  return {
    enabled: typeof retry.enabled === "boolean" ? retry.enabled : DEFAULT_RETRY.enabled,
    maxRetries: Math.floor(num(provider.maxRetries, num(retry.maxRetries, DEFAULT_RETRY.maxRetries))),
    baseDelayMs: num(retry.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
    maxRetryDelayMs: num(provider.maxRetryDelayMs, num(retry.maxDelayMs, DEFAULT_RETRY.maxRetryDelayMs)),
    timeoutMs: num(provider.timeoutMs, DEFAULT_RETRY.timeoutMs) || DEFAULT_RETRY.timeoutMs,
  };
}

function bag(value: unknown): Bag {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Bag) : {};
}

const TRANSIENT_TYPES = /overloaded|rate.?limit|resource_exhausted|unavailable|server_error|internal|api_error/i;

/**
 * Whether an error an API reported inside a 200 stream is one it would have sent as a 429 or 5xx
 * (Anthropic overloaded_error, OpenAI server_error / rate_limit_exceeded, Gemini UNAVAILABLE, ...):
 * any of its type, code or status fields, or a numeric status, says so.
 */
export function isTransientApiError(...fields: unknown[]): boolean {
  return fields.some((f) =>
    typeof f === "number" ? f === 408 || f === 409 || f === 429 || f >= 500 : typeof f === "string" && TRANSIENT_TYPES.test(f),
  );
}

export function isTransient(error: unknown): boolean {
  if (error instanceof HttpError) {
    if (error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500) return true;
    return error.apiType !== undefined && TRANSIENT_TYPES.test(error.apiType);
  }
  if (error instanceof StreamProtocolError) return error.transient;
  return error instanceof IdleTimeoutError || isNetworkError(error);
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason?: string };

/** Whether attempt `attempt` (0-based) may be followed by another, and after how long. */
export function decideRetry(policy: RetryPolicy, error: unknown, attempt: number): RetryDecision {
  if (!policy.enabled || attempt >= policy.maxRetries || !isTransient(error)) return { retry: false };
  const requested = error instanceof HttpError ? error.retryAfterMs : undefined;
  const capped = policy.maxRetryDelayMs > 0;
  if (requested !== undefined && capped && requested > policy.maxRetryDelayMs) {
    const wait = Math.ceil(requested / 1000);
    return {
      retry: false,
      reason: `the server asked to wait ${wait} s, longer than retry.provider.maxRetryDelayMs (${policy.maxRetryDelayMs / 1000} s)`,
    };
  }
  const backoff = policy.baseDelayMs * 2 ** attempt;
  const delayMs = requested ?? (capped ? Math.min(backoff, policy.maxRetryDelayMs) : backoff);
  return { retry: true, delayMs };
}

/** Waits, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const SHEDDING_TYPES = /overloaded|rate.?limit|resource_exhausted/i;

/**
 * The provider is shedding load: a rate limit (429) or an overload (529, Anthropic's
 * overloaded_error, Gemini's RESOURCE_EXHAUSTED). With a fallback model configured the turn moves
 * on at once; waiting out the backoff would only delay it.
 */
export function shedsLoad(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 429 || error.status === 529 || SHEDDING_TYPES.test(error.apiType ?? "");
  return error instanceof StreamProtocolError && error.transient && SHEDDING_TYPES.test(error.message);
}

/**
 * Whether a failure (after retries) passes the turn to the next model of a fallback chain: load
 * shedding, any 5xx, or a transient error the API reported in the stream. Not a request the server
 * rejected as wrong (4xx), nor a network failure (the next provider is likely unreachable too).
 */
export function fallsBack(error: unknown): boolean {
  if (shedsLoad(error)) return true;
  if (error instanceof HttpError) return error.status >= 500;
  // An API's own error event (server_error, UNAVAILABLE, ...), not a stream cut short.
  return error instanceof StreamProtocolError && error.transient && /reported an error/.test(error.message);
}
