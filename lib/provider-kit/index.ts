// Shared, wire-independent parts of the provider plugins: SSE parsing, message assembly, usage
// and cost, errors and key redaction, retries with backoff, idle timeouts, thinking levels and
// cross-provider replay. Plain library code: no plugin setup, no hooks.
export { MessageAssembler, type Events } from "./assembler.js";
export { decodePerRead, mergeDeltas } from "./batches.js";
export { bestEffortArguments, finalArguments, isRecord } from "./arguments.js";
export { ChunkedDecoder } from "./chunked.js";
export { type HttpResponse, STREAM_BODY_FROM, post } from "./http.js";
export { convertHolding, convertInBatches } from "./convert-batches.js";
export { defineLazyArray, defineLazyBatches, type JsonBody, jsonBody, jsonText, requestBody, type StreamedBody } from "./json-body.js";
export { readingAgent } from "./agents.js";
export { SocketBody } from "./socket-body.js";
export {
  HttpError,
  IdleTimeoutError,
  StreamProtocolError,
  describeError,
  httpError,
  parseEventData,
  redact,
  retryAfterMs,
} from "./errors.js";
export { PLAIN_CHAR, SCALAR_MEMBER } from "./plain-json.js";
export { SameShape } from "./same-shape.js";
export { type IgnoredMember, type Repeat, type RepeatSink, expectRepeat, offerRepeat, repeatOf } from "./repeats.js";
export { OVERFLOW_MARKER, isContextOverflow, looksLikeOverflow } from "./overflow.js";
export { DEFAULT_RETRY, type RetryPolicy, decideRetry, isTransient, isTransientApiError, retryPolicy, sleep } from "./retry.js";
export { describeProvider, modelSource } from "./misconfigured.js";
export { type RetryInfo, type RunDeps, type Wire, type WireRequest, decodeBytes, runStream, withModelHeaders } from "./run.js";
export { type SseEvent, SseParser } from "./sse.js";
export { sseBatches } from "./sse-batches.js";
export { MAX_CUT, SLICE, sliceEnd } from "./sse-slices.js";
export { THINKING_LEVELS, baseMaxTokens, clampThinkingLevel, effortName, supportedLevels, thinkingBudget } from "./thinking.js";
export { type ReplayRules, isSameModel, prepareReplay, sanitizeId } from "./replay.js";
export { type TokenCounts, count, emptyUsage, priceUsage } from "./usage.js";
export { emptyAssistantMessage } from "./assistant-message.js";
export { registerLazyProvider } from "./lazy.js";
export {
  AuthFileError,
  type AuthData,
  authFilePath,
  mayExist,
  readAuthFile,
  updateAuthEntry,
  withAuthLock,
  writeAuthFile,
} from "./auth-file.js";
