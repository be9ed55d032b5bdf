// A request body as UTF-8 bytes, byte for byte what `JSON.stringify` would give, built a message at
// a time. A long conversation's request is tens of megabytes: one JSON.stringify makes one string
// that size (built from parts, flattened again to count and encode it) and the socket write copies
// it once more into bytes. Here each element of a big top-level array (`messages`, `input`,
// `contents`) is stringified alone, and the text is turned into bytes every 64 KiB: no string ever
// grows past a message, and the bytes are written as they are (and kept for a retry).

/** Text is turned into bytes when this much has gathered (small: the strings stay young garbage). */
const FLUSH_CHARS = 64 * 1024;
/** Arrays shorter than this are stringified in one go (a short conversation gains nothing). */
const SPLIT_ARRAY = 32;

export interface JsonBody {
  chunks: Buffer[];
  /** Total bytes. */
  length: number;
}

export function jsonBody(body: unknown): JsonBody {
  const out = new ChunkWriter();
  // A toJSON is called with its key by JSON.stringify; rare enough to leave such a body to it whole.
  if (!isPlainObject(body) || Object.values(body).some(withToJson)) {
    out.text(JSON.stringify(body) ?? "");
    return out.done();
  }
  out.text("{");
  let first = true;
  for (const key of Object.keys(body)) {
    const value = body[key];
    const arrayValue = Array.isArray(value) && value.length >= SPLIT_ARRAY && !value.some(withToJson);
    const text = arrayValue ? "" : JSON.stringify(value);
    if (text === undefined) continue; // what JSON.stringify leaves out: undefined, functions, symbols
    out.text(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (!arrayValue) {
      out.text(text);
      continue;
    }
    out.text("[");
    for (let i = 0; i < value.length; i++) out.text((i > 0 ? "," : "") + (JSON.stringify(value[i]) ?? "null"));
    out.text("]");
  }
  out.text("}");
  return out.done();
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
