// Failures a request can end in, worded for the user, each carrying what the retry policy needs
// (status, retry-after, whether it is transient) so nothing re-parses message text to decide.

export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | undefined,
    readonly apiType?: string,
  ) {
    super(message);
  }
}

/**
 * The stream broke its protocol (bad JSON, early end) or the API reported an error inside it.
 * `transient` marks errors worth retrying (an "overloaded" event before any content).
 */
export class StreamProtocolError extends Error {
  override name = "StreamProtocolError";
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/** No bytes arrived for `retry.provider.timeoutMs`. */
export class IdleTimeoutError extends Error {
  override name = "IdleTimeoutError";
  constructor(readonly ms: number) {
    super(`The provider sent nothing for ${ms / 1000} s; the stream was cut (retry.provider.timeoutMs)`);
  }
}

/** The connection failed or broke: nothing (or only part) of the answer arrived. Retried like a 5xx. */
export class NetworkError extends Error {
  override name = "NetworkError";
}

const MAX_BODY_IN_MESSAGE = 300;

/** Reads an error response into an HttpError carrying the API's own message. */
export async function httpError(response: {
  status: number;
  statusText: string;
  headers: Pick<Headers, "get" | "has">;
  text(): Promise<string>;
}): Promise<HttpError> {
  const text = await response.text().catch(() => "");
  const { message, type } = apiError(text);
  const detail = message ?? (text.trim().slice(0, MAX_BODY_IN_MESSAGE) || response.statusText);
  return new HttpError(response.status, `HTTP ${response.status}${detail ? `: ${detail}` : ""}`, retryAfterMs(response.headers), type);
}

// OpenAI {error: {message, type, code}}; Anthropic {type: "error", error: {type, message}};
// Google {error: {code, message, status}}; many compatible servers {message} / {error: "x"} / {detail}.
function apiError(text: string): { message?: string; type?: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  if (Array.isArray(body)) body = body[0]; // Gemini sometimes wraps the error in an array
  if (typeof body !== "object" || body === null) return {};
  const b = body as { error?: unknown; message?: unknown; detail?: unknown };
  const inner =
    typeof b.error === "object" && b.error !== null
      ? (b.error as { message?: unknown; type?: unknown; status?: unknown; code?: unknown })
      : undefined;
  const found = [inner?.message, b.error, b.message, b.detail].find((v) => typeof v === "string" && v.length > 0) as string | undefined;
  const type = [inner?.type, inner?.status, inner?.code].find((v) => typeof v === "string") as string | undefined;
  return { message: found, type };
}

/** `retry-after-ms` (OpenAI) wins over `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(headers: Pick<Headers, "get" | "has">): number | undefined {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms)) return Math.max(0, ms);
  const after = headers.get("retry-after");
  if (!after) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A message for any failure; fetch hides the useful part (ECONNREFUSED, "other side closed") in `cause`. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError || error instanceof StreamProtocolError || error instanceof IdleTimeoutError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const base = cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  return isNetworkError(error) ? `Network error: ${base}` : base;
}

/** The transport's NetworkError; fetch (in code that still uses it) reports them as TypeError ("fetch failed", "terminated"). */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof Error &&
      (error.name === "TypeError" ||
        error.name === "SocketError" ||
        /ECONNRESET|ECONNREFUSED|EPIPE|socket hang up|other side closed/.test(String(error.cause ?? ""))))
  );
}

/** Keys must never reach messages, sessions or logs, even if a server echoes them back. */
export function redact(text: string, secret: string | undefined): string {
  let out = secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
  // Servers often echo a key partly masked ("sk-abc...xyz"); well-known key shapes go too.
  out = out.replace(/\b(sk-(?:ant-|proj-|or-)?|AIza|gsk_|xai-|csk-)[A-Za-z0-9_\-*.]{8,}/g, "$1[redacted]");
  return out;
}

/** An SSE event's JSON object; anything else is a protocol error quoting a short preview. */
export function parseEventData<T = Record<string, unknown>>(data: string): T {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === "object" && value !== null) return value as T;
  } catch {
    // reported below
  }
  const preview = data.length > 80 ? `${data.slice(0, 80)}…` : data;
  throw new StreamProtocolError(`Malformed chunk from the provider (not JSON): ${preview}`);
}
