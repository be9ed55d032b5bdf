// A request body as UTF-8 bytes, byte for byte what `JSON.stringify` would give, built a batch of
// messages at a time. A long conversation's request is tens of megabytes: one JSON.stringify makes
// one string that size (built from parts, flattened again to count and encode it) and the socket
// write copies it once more into bytes. Here each big top-level array (`messages`, `input`,
// `contents`) is stringified a batch of elements at a time, and the text is turned into bytes every
// 64 KiB: no string grows past a batch, and the bytes are written as they are (and kept for a retry).
//
// A provider can go further and define such an array lazily (`defineLazyArray`): the conversion of
// the conversation to its wire shape then happens a batch at a time as the body is written, so the
// converted messages of a 100,000-message history are short-lived garbage, never all alive at once
// (the garbage collector copies what survives it; what dies young costs it nothing). Whoever reads
// the property (a providerRequest hook, a test, JSON.stringify) gets the whole array, made then.
// `defineLazyBatches` is the same with the elements given a batch (an array) at a time: the
// provider's conversion loop then runs in a plain function, which V8 compiles while it loops (on-stack
// replacement), where a generator's body that yields each element stays in the interpreter for the
// whole history (it is called once; a resumed generator is never replaced by optimized code).

import { holdYoungGeneration } from "../heap-kit/index.js";

/** Text is handed on (turned into bytes) when this much has gathered (small: the strings stay young garbage). */
const FLUSH_CHARS = 64 * 1024;
/** Arrays shorter than this are stringified in one go (a short conversation gains nothing). */
const SPLIT_ARRAY = 32;
/**
 * A body whose text passes this many characters is made with V8's young generation held at its size
 * (lib/heap-kit): its conversion allocates fast and much of it lives across a collection or two, which
 * V8 answers by doubling the young generation and faulting the new half in (issue 34, round nine: a
 * 5,000-message body grew it from 4 to 8 MB semi-spaces). Shorter ones never load node:v8.
 */
const HOLD_FROM_CHARS = 4 * FLUSH_CHARS;
/** Elements stringified per JSON.stringify call (fewer calls; the batch's text stays small). */
export const BATCH = 64;

export interface JsonBody {
  chunks: Buffer[];
  /** Total bytes. */
  length: number;
}

/** Marks the getter of a lazily defined array with where its elements come from, a batch at a time. */
const BATCHES = Symbol("lazyArrayBatches");
type Batches = () => Iterable<readonly unknown[]>;
type LazyGetter = (() => unknown[]) & { [BATCHES]?: Batches };

/**
 * Defines `target[key]` as the array `elements()` yields, made (once) when the property is first
 * read; `jsonBody` instead writes the elements as they are made, never holding them all.
 */
export function defineLazyArray(target: Record<string, unknown>, key: string, elements: () => Iterable<unknown>): void {
  defineLazyBatches(target, key, function* () {
    let batch: unknown[] = [];
    for (const element of elements()) {
      batch.push(element);
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  });
}

/** `defineLazyArray` for elements made a batch at a time: the array is the batches' elements in order. */
export function defineLazyBatches(target: Record<string, unknown>, key: string, batches: Batches): void {
  const settle = (value: unknown) => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  };
  const get: LazyGetter = () => {
    const value: unknown[] = [];
    for (const batch of batches()) for (let i = 0; i < batch.length; i++) value.push(batch[i]);
    settle(value);
    return value;
  };
  get[BATCHES] = batches;
  Object.defineProperty(target, key, { get, set: settle, enumerable: true, configurable: true });
}

/** The batches of a lazily defined array not read yet, or undefined. */
function lazyBatches(target: object, key: string): Batches | undefined {
  const get = Object.getOwnPropertyDescriptor(target, key)?.get as LazyGetter | undefined;
  return get?.[BATCHES];
}

/** The whole body's bytes, made at once (kept: `post` writes them as they are, a retry again). */
export function jsonBody(body: unknown): JsonBody {
  // A body never long enough to be sent as it is made: requestBody's bytes, all of them.
  return requestBody(body, Number.POSITIVE_INFINITY) as JsonBody;
}

/**
 * The body's text, `JSON.stringify`'s byte for byte once encoded, in pieces of ~64 KiB made as they
 * are asked for (what `jsonBody` encodes; http.ts sends a long one as it is made).
 */
export function* jsonText(body: unknown): Generator<string, void, undefined> {
  const out = new ChunkWriter();
  for (const _ of write(body, out)) yield* out.take();
  out.flush();
  yield* out.take();
}

/** Writes the body's text into `out`, pausing after each batch that flushed a piece. */
function* write(body: unknown, out: ChunkWriter): Generator<void, void, undefined> {
  // A toJSON is called with its key by JSON.stringify; rare enough to leave such a body to it whole.
  if (!isPlainObject(body) || Object.keys(body).some((k) => !lazyBatches(body, k) && withToJson(body[k]))) {
    out.text(JSON.stringify(body) ?? "");
    return;
  }
  out.text("{");
  let first = true;
  for (const key of Object.keys(body)) {
    const lazy = lazyBatches(body, key);
    const value = lazy ? undefined : body[key];
    const arrayValue = Array.isArray(value) && value.length >= SPLIT_ARRAY && !value.some(withToJson);
    const text = lazy || arrayValue ? "" : JSON.stringify(value);
    if (text === undefined) continue; // what JSON.stringify leaves out: undefined, functions, symbols
    out.text(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (lazy) yield* writeBatches(out, lazy());
    else if (arrayValue) yield* writeBatches(out, slices(value));
    else out.text(text);
  }
  out.text("}");
}

/** An array's elements, BATCH at a time. */
function* slices(value: readonly unknown[]): Generator<readonly unknown[]> {
  for (let i = 0; i < value.length; i += BATCH) yield value.slice(i, i + BATCH);
}

/**
 * `[...]` of the batches' elements, one JSON.stringify per batch, each element as JSON.stringify
 * gives it in the whole array: a toJSON is called with the element's index in the whole array, so a
 * batch holding such an element is written an element at a time.
 */
function* writeBatches(out: ChunkWriter, batches: Iterable<readonly unknown[]>): Generator<void, void, undefined> {
  out.text("[");
  let index = 0;
  for (const batch of batches) {
    if (out.ready.length > 0) yield;
    if (batch.length === 0) continue;
    if (batch.some(withToJson)) {
      for (const element of batch) {
        const value = withToJson(element) ? (element as { toJSON(key: string): unknown }).toJSON(String(index)) : element;
        // As in an array: what JSON.stringify leaves out of an object is null in an array.
        out.text((index > 0 ? "," : "") + JSON.stringify([value]).slice(1, -1));
        index++;
      }
      continue;
    }
    out.text((index > 0 ? "," : "") + JSON.stringify(batch).slice(1, -1));
    index += batch.length;
  }
  out.text("]");
}

/** An object JSON.stringify would walk key by key (no toJSON of its own, not an array or a boxed value). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v) || hasToJson(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const withToJson = (v: unknown) => typeof v === "object" && v !== null && hasToJson(v);

function hasToJson(v: object): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === "function";
}

/** Gathers text and hands it on in pieces of at least FLUSH_CHARS (small: the strings stay young garbage). */
class ChunkWriter {
  /** Pieces flushed and not taken yet. */
  ready: string[] = [];
  private pending: string[] = [];
  private pendingChars = 0;

  text(s: string): void {
    this.pending.push(s);
    this.pendingChars += s.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.ready.push(this.pending.join(""));
    this.pending = [];
    this.pendingChars = 0;
  }

  take(): string[] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }
}

/**
 * A body too long to keep as bytes (http.ts): its text is made as it is sent, and made again for
 * another attempt (the conversion is a function of the request's messages: the same bytes).
 */
export interface StreamedBody {
  /**
   * The body's pieces in order, as text or (what `requestBody` made before it knew the body was
   * long) as bytes; the first call goes on with the making `requestBody` started.
   */
  open(): Iterator<string | Buffer>;
  /** The whole body's bytes, kept (for a server that wants a content-length). */
  whole(): JsonBody;
}

/**
 * The request body: its bytes when its text is under `streamFrom` characters (kept, as `jsonBody`
 * gives them), else a `StreamedBody` holding the bytes made so far. A conversion that throws in
 * that first part throws here, before any request.
 */
export function requestBody(body: unknown, streamFrom: number): JsonBody | StreamedBody {
  const text = jsonText(body);
  // Each piece is turned into bytes as it is made: its ~64 Ki characters die young
  // instead of surviving the young generation's collections until the whole body is made (issue 34,
  // round eight: 1.8 MB of them at 5,000 messages, enough for V8 to grow the young generation).
  const chunks: Buffer[] = [];
  let length = 0;
  let chars = 0;
  let release: (() => void) | undefined;
  try {
    while (chars < streamFrom) {
      const next = text.next();
      if (next.done) return { chunks, length };
      const bytes = Buffer.from(next.value, "utf8");
      chunks.push(bytes);
      length += bytes.length;
      chars += next.value.length;
      if (release === undefined && chars >= HOLD_FROM_CHARS) release = holdYoungGeneration();
    }
  } finally {
    // Let go once the bytes are made (or the conversion threw); a streamed body's rest is made as it is sent.
    release?.();
  }
  let first: Iterator<string | Buffer> | undefined = (function* () {
    // Let go of each piece once it is handed out.
    while (chunks.length > 0) yield chunks.shift() as Buffer;
    yield* text;
  })();
  return {
    whole: () => jsonBody(body),
    open() {
      const pieces = first ?? jsonText(body);
      first = undefined;
      return pieces;
    },
  };
}
