// The few HTTP calls of the sign-in flows (token, device and account endpoints). Errors name the
// step and what the server said (its `error` / `error_description`), never a token or a code.
const TIMEOUT_MS = 30_000;

export class OAuthHttpError extends Error {
  override name = "OAuthHttpError";
  constructor(
    message: string,
    readonly status?: number,
    /** The server's OAuth error code (`invalid_grant`, `authorization_pending`, ...). */
    readonly code?: string,
  ) {
    super(message);
  }
}

type Body = { form: Record<string, string> } | { json: unknown } | undefined;

export async function requestJson(
  step: string,
  url: string,
  opts: { method?: "GET" | "POST"; body?: Body; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  let payload: string | undefined;
  if (opts.body && "form" in opts.body) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(opts.body.form).toString();
  } else if (opts.body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(opts.body.json);
  }
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: opts.method ?? (payload === undefined ? "GET" : "POST"),
      headers,
      body: payload,
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new OAuthHttpError(`${step}: ${new URL(url).host} could not be reached (${reason})`);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = undefined;
  }
  const record = typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const code = typeof record?.error === "string" ? record.error : undefined;
  if (!response.ok) {
    const detail = code ? `${code}${typeof record?.error_description === "string" ? `: ${record.error_description}` : ""}` : "";
    throw new OAuthHttpError(`${step} failed (HTTP ${response.status}${detail ? `, ${detail.slice(0, 200)}` : ""})`, response.status, code);
  }
  if (!record) throw new OAuthHttpError(`${step}: the answer was not a JSON object`, response.status);
  return record;
}

/** A string field the answer must have. */
export function field(data: Record<string, unknown>, name: string, step: string): string {
  const value = data[name];
  if (typeof value !== "string" || value === "") throw new OAuthHttpError(`${step}: the answer has no "${name}"`);
  return value;
}

/** `expires_in` seconds from now, less a margin so the token is renewed before the server refuses it. */
export function expiresAt(data: Record<string, unknown>, marginMs: number): number {
  const seconds = typeof data.expires_in === "number" ? data.expires_in : 3600;
  return Date.now() + seconds * 1000 - marginMs;
}

/** Waits between polls; a cancelled sign-in ends the wait. */
export const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("Sign-in cancelled"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("Sign-in cancelled"))), { once: true });
  });
