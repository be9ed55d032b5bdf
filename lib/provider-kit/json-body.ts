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

/** Text is turned into bytes when this much has gathered (small: the strings stay young garbage). */
const FLUSH_CHARS = 64 * 1024;
/** Arrays shorter than this are stringified in one go (a short conversation gains nothing). */
const SPLIT_ARRAY = 32;
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

export function jsonBody(body: unknown): JsonBody {
  const out = new ChunkWriter();
  // A toJSON is called with its key by JSON.stringify; rare enough to leave such a body to it whole.
  if (!isPlainObject(body) || Object.keys(body).some((k) => !lazyBatches(body, k) && withToJson(body[k]))) {
    out.text(JSON.stringify(body) ?? "");
    return out.done();
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
    if (lazy) writeBatches(out, lazy());
    else if (arrayValue) writeBatches(out, slices(value));
    else out.text(text);
  }
  out.text("}");
  return out.done();
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
function writeBatches(out: ChunkWriter, batches: Iterable<readonly unknown[]>): void {
  out.text("[");
  let index = 0;
  for (const batch of batches) {
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

class ChunkWriter {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private pending: string[] = [];
  private pendingChars = 0;

  text(s: string): void {
    this.pending.push(s);
    this.pendingChars += s.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  done(): JsonBody {
    this.flush();
    return { chunks: this.chunks, length: this.length };
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join(""), "utf8");
    this.chunks.push(bytes);
    this.length += bytes.length;
    this.pending = [];
    this.pendingChars = 0;
  }
}
