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

/** Text is turned into bytes when this much has gathered (small: the strings stay young garbage). */
const FLUSH_CHARS = 64 * 1024;
/** Arrays shorter than this are stringified in one go (a short conversation gains nothing). */
const SPLIT_ARRAY = 32;
/** Elements stringified per JSON.stringify call (fewer calls; the batch's text stays small). */
const BATCH = 64;

export interface JsonBody {
  chunks: Buffer[];
  /** Total bytes. */
  length: number;
}

/** Marks the getter of a lazily defined array with where its elements come from. */
const ELEMENTS = Symbol("lazyArrayElements");
type LazyGetter = (() => unknown[]) & { [ELEMENTS]?: () => Iterable<unknown> };

/**
 * Defines `target[key]` as the array `elements()` yields, made (once) when the property is first
 * read; `jsonBody` instead writes the elements as they are made, never holding them all.
 */
export function defineLazyArray(target: Record<string, unknown>, key: string, elements: () => Iterable<unknown>): void {
  const settle = (value: unknown) => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  };
  const get: LazyGetter = () => {
    const value = Array.from(elements());
    settle(value);
    return value;
  };
  get[ELEMENTS] = elements;
  Object.defineProperty(target, key, { get, set: settle, enumerable: true, configurable: true });
}

/** The elements of a lazily defined array not read yet, or undefined. */
function lazyElements(target: object, key: string): (() => Iterable<unknown>) | undefined {
  const get = Object.getOwnPropertyDescriptor(target, key)?.get as LazyGetter | undefined;
  return get?.[ELEMENTS];
}

export function jsonBody(body: unknown): JsonBody {
  const out = new ChunkWriter();
  // A toJSON is called with its key by JSON.stringify; rare enough to leave such a body to it whole.
  if (!isPlainObject(body) || Object.keys(body).some((k) => !lazyElements(body, k) && withToJson(body[k]))) {
    out.text(JSON.stringify(body) ?? "");
    return out.done();
  }
  out.text("{");
  let first = true;
  for (const key of Object.keys(body)) {
    const lazy = lazyElements(body, key);
    const value = lazy ? undefined : body[key];
    const arrayValue = Array.isArray(value) && value.length >= SPLIT_ARRAY && !value.some(withToJson);
    const text = lazy || arrayValue ? "" : JSON.stringify(value);
    if (text === undefined) continue; // what JSON.stringify leaves out: undefined, functions, symbols
    out.text(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (lazy) writeElements(out, lazy());
    else if (arrayValue) writeElements(out, value);
    else out.text(text);
  }
  out.text("}");
  return out.done();
}

/** `[...]` of the elements, a batch per JSON.stringify, each element as JSON.stringify gives it in an array. */
function writeElements(out: ChunkWriter, elements: Iterable<unknown>): void {
  out.text("[");
  let index = 0;
  let batch: unknown[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const text = JSON.stringify(batch);
    out.text((index > batch.length ? "," : "") + text.slice(1, -1));
    batch = [];
  };
  for (const element of elements) {
    // As JSON.stringify does for an array element: toJSON gets the element's index.
    batch.push(withToJson(element) ? (element as { toJSON(key: string): unknown }).toJSON(String(index)) : element);
    index++;
    if (batch.length === BATCH) flush();
  }
  flush();
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
