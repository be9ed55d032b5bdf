// Failures a request can end in, worded for the user. Each keeps what a retry policy needs
// (status, retry-after) so retries can be added around the request without re-parsing text.

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly retryAfterMs: number | undefined) {
    super(message);
    this.name = "HttpError";
  }
}

/** The stream broke its own protocol (bad JSON, early end); retrying may or may not help. */
export class StreamProtocolError extends Error {
  override name = "StreamProtocolError";
}

const MAX_BODY_IN_MESSAGE = 300;

/** Reads an error response into an HttpError carrying the API's own message. */
export async function httpError(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => "");
  const detail = apiErrorMessage(text) ?? (text.trim().slice(0, MAX_BODY_IN_MESSAGE) || response.statusText);
  return new HttpError(response.status, `HTTP ${response.status}${detail ? `: ${detail}` : ""}`, retryAfterMs(response.headers));
}

// OpenAI: {error: {message}}; many compatible servers: {message} or {error: "text"} or {detail}.
function apiErrorMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as { error?: unknown; message?: unknown; detail?: unknown };
  const nested = typeof b.error === "object" && b.error !== null ? (b.error as { message?: unknown }).message : b.error;
  const found = [nested, b.message, b.detail].find((v) => typeof v === "string" && v.length > 0);
  return found as string | undefined;
}

function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms)) return ms;
  const after = headers.get("retry-after");
  if (!after) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A message for any failure; fetch hides the useful part (ECONNREFUSED, "other side closed") in `cause`. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError || error instanceof StreamProtocolError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const base = cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  return error.name === "TypeError" || error.name === "SocketError" ? `Network error: ${base}` : base;
}

/** Keys must never reach messages, sessions or logs, even if a server echoes them back. */
export function redact(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
}
