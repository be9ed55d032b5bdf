// Public API of the loopback LLM simulator (the implementation is plain ESM so that both vitest
// tests and `node bench/*.mjs` can import it without a TypeScript loader).

/** Why the scripted turn stops; mapped to each wire format's own names. */
export type SimStopReason = "stop" | "length" | "toolUse";

export type Fault =
  /** Answer with an error status, the API's real error JSON and optional retry headers. */
  | { kind: "status"; status: 429 | 500 | 503 | 529 | number; retryAfter?: number; retryAfterMs?: number; message?: string; body?: unknown }
  /** Destroy the socket after `afterChunks` SSE frames. */
  | { kind: "disconnect"; afterChunks: number }
  /** Send a frame whose data is invalid JSON after `afterChunks` frames (the rest still follows). */
  | { kind: "malformed"; afterChunks: number }
  /** Stop sending after `afterChunks` frames without closing; resume after `ms` if given. */
  | { kind: "stall"; afterChunks: number; ms?: number }
  /**
   * Send the API's own in-stream error event after `afterChunks` frames, then end the response
   * (Anthropic `overloaded_error` for 529, `rate_limit_error` for 429, `api_error` for 500; OpenAI
   * `server_error` / `rate_limit_exceeded`; Gemini `UNAVAILABLE` / `RESOURCE_EXHAUSTED`). Default 529.
   */
  | { kind: "error"; afterChunks: number; status?: 429 | 500 | 503 | 529; message?: string }
  /** Answer 200 with this body instead of a stream: JSON (`application/json`) or, by default, nothing. */
  | { kind: "body"; body?: unknown; contentType?: string };

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Send this text as the arguments' JSON instead (e.g. broken JSON); Gemini sends objects, so it ignores it. */
  rawArguments?: string;
  /** Defaults to a generated `call_sim_N` (OpenAI) or `toolu_sim_N` (Anthropic); Gemini sends no ids. */
  id?: string;
}

export interface Turn {
  text?: string;
  thinking?: string;
  /**
   * The thinking signature: Anthropic's `signature_delta`, the responses API's `encrypted_content`,
   * Gemini's `thoughtSignature` (a deterministic default otherwise).
   */
  thinkingSignature?: string;
  /** Anthropic only: a `redacted_thinking` block with this opaque data, before any thinking. */
  redactedThinking?: string;
  toolCalls?: ScriptedToolCall[];
  /** Defaults to "toolUse" when there are tool calls, else "stop". */
  stopReason?: SimStopReason;
  /** Token counts; `input` excludes cached tokens. Defaults are rough estimates. */
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** Characters (code points) per text/thinking delta. Default 8. */
  chunkSize?: number;
  /** Characters per tool-argument fragment. Default: at most a third of the arguments' JSON. */
  argsChunkSize?: number;
  /** Pause between frames, in ms. Default 0. */
  delayMs?: number;
  /** OpenAI only: the delta field carrying thinking. Default "reasoning_content". */
  reasoningField?: "reasoning_content" | "reasoning";
  /**
   * Every field the real APIs put in each streamed event (OpenAI's service_tier,
   * system_fingerprint, logprobs and usage: null; the responses API's long item ids, logprobs and
   * obfuscation; Gemini's usage details and model version): about 270 bytes an event, twice the
   * default shape's. For benches of the decoders' per-event cost. Default false.
   */
  fullEvents?: boolean;
  fault?: Fault;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-cased header names, as Node parses them. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: any;
  rawBody: string;
  /** Which wire format the path belongs to, if any. */
  format?: "openai" | "anthropic" | "responses" | "gemini" | "cloudcode";
}

/** A turn, or a function that builds one from the request it answers. */
export type ScriptEntry = Turn | ((request: RecordedRequest) => Turn | Promise<Turn>);

export interface Simulator {
  /**
   * e.g. `http://127.0.0.1:PORT`. Routes: `/v1/chat/completions`, `/v1/responses` (OpenAI base URL
   * `${url}/v1`), `/v1/messages` (Anthropic), `/v1beta/models/<id>:streamGenerateContent` (Gemini).
   */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order (including ones answered with an error). */
  readonly requests: RecordedRequest[];
  /** Turns still queued. */
  readonly remaining: number;
  /** Appends turns; each streaming request consumes the next one. */
  script(...turns: ScriptEntry[]): Simulator;
  /** Closes the server and every socket, stalled streams included. */
  close(): Promise<void>;
}

/** `models`: the ids `GET /v1/models` lists (default ["sim-local-model"]). */
export function startSimulator(options?: { port?: number; models?: string[] }): Promise<Simulator>;
