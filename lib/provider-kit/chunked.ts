// HTTP/1.1 chunked transfer coding, decoded a network read at a time (RFC 9112 §7.1). Node's HTTP
// parser hands a chunked body over one Buffer per chunk, through a C++ → JS call and a stream push
// each; a long answer is one chunk per token. This decoder strips the framing of a whole read in
// place instead, so a read of a thousand chunks costs one pass and a few memmoves.
//
// Reads split the framing anywhere (inside a size line, between CR and LF, inside the trailers),
// so all state carries over between pushes. Anything that is not well-formed framing throws.

const CR = 13;
const LF = 10;

// The decoder's states (plain numbers: this switch runs once per chunk).
/** Reading a chunk's size line: hex digits, then optional extensions, then CRLF. */
const SIZE = 0;
/** Inside a chunk's data. */
const DATA = 1;
/** After a chunk's data: its CRLF. */
const DATA_END = 2;
/** After the last (zero-size) chunk: trailer lines until an empty one. */
const TRAILER = 3;
const DONE = 4;

/** Longest size line accepted (hex digits and extensions): more is not a real server's framing. */
const MAX_SIZE_LINE = 4096;
/** More hex digits than this would not fit a safe integer. */
const MAX_SIZE_DIGITS = 12;

export class ChunkedDecoder {
  private state = SIZE;
  private remaining = 0;
  /** Size-line progress: its value, digit count, whether extensions began, its length. */
  private size = 0;
  private digits = 0;
  private inExtension = false;
  private lineLength = 0;
  /** A CR was the last byte seen of the current framing line. */
  private sawCr = false;

  /** The body's last chunk and trailers have been read. */
  get done(): boolean {
    return this.state === DONE;
  }

  /**
   * Decodes one read. Returns how many bytes of `data` are body payload: they are moved to the
   * start of `data` (which is overwritten in place) and `data.subarray(0, n)` holds them. After
   * the body's end, `rest` (set when bytes followed it) is the offset of what follows.
   */
  push(data: Uint8Array): { length: number; rest?: number } {
    let write = 0;
    let i = 0;
    const n = data.length;
    while (i < n) {
      switch (this.state) {
        case DATA: {
          const take = Math.min(this.remaining, n - i);
          if (write !== i) data.copyWithin(write, i, i + take);
          write += take;
          i += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = DATA_END;
          break;
        }
        case SIZE:
          i = this.sizeLine(data, i);
          break;
        case DATA_END:
          i = this.dataEnd(data, i);
          break;
        case TRAILER:
          i = this.trailer(data, i);
          break;
        case DONE:
          return { length: write, rest: i };
      }
    }
    return { length: write };
  }

  /** Reads size-line bytes from `i`; returns where it stopped. */
  private sizeLine(data: Uint8Array, i: number): number {
    for (; i < data.length; i++) {
      const c = data[i];
      if (++this.lineLength > MAX_SIZE_LINE) throw malformed("a chunk size line is too long");
      if (this.sawCr && c !== LF) throw malformed("a chunk size line has a CR without LF");
      if (c === CR) {
        this.sawCr = true;
        continue;
      }
      if (c === LF) {
        if (!this.sawCr) throw malformed("a chunk size line ends without CR");
        if (this.digits === 0) throw malformed("a chunk has no size");
        this.startChunk();
        return i + 1;
      }
      if (this.inExtension) continue;
      const digit = hexValue(c);
      if (digit >= 0) {
        if (++this.digits > MAX_SIZE_DIGITS) throw malformed("a chunk size is too large");
        this.size = this.size * 16 + digit;
      } else if (c === 0x3b /* ; */ || c === 0x20 || c === 0x09) {
        // Extensions (and the whitespace some servers put before them) carry nothing we use.
        if (this.digits === 0) throw malformed("a chunk has no size");
        this.inExtension = true;
      } else throw malformed(`unexpected byte ${c} in a chunk size`);
    }
    return i;
  }

  private startChunk(): void {
    this.remaining = this.size;
    this.state = this.size === 0 ? TRAILER : DATA;
    this.size = 0;
    this.digits = 0;
    this.inExtension = false;
    this.lineLength = 0;
    this.sawCr = false;
  }

  /** The CRLF after a chunk's data. */
  private dataEnd(data: Uint8Array, i: number): number {
    const c = data[i];
    if (!this.sawCr) {
      if (c !== CR) throw malformed("a chunk's data is longer than its size");
      this.sawCr = true;
      return i + 1;
    }
    if (c !== LF) throw malformed("a chunk's data is not followed by CRLF");
    this.sawCr = false;
    this.state = SIZE;
    return i + 1;
  }

  /** Trailer lines (ignored) until the empty line that ends the body. */
  private trailer(data: Uint8Array, i: number): number {
    for (; i < data.length; i++) {
      const c = data[i];
      if (c === CR) {
        this.sawCr = true;
        continue;
      }
      if (c === LF) {
        if (!this.sawCr) throw malformed("a trailer line ends without CR");
        this.sawCr = false;
        if (this.lineLength === 0) {
          this.state = DONE;
          return i + 1;
        }
        this.lineLength = 0;
        continue;
      }
      if (this.sawCr) throw malformed("a trailer line has a CR without LF");
      if (++this.lineLength > MAX_SIZE_LINE) throw malformed("a trailer line is too long");
    }
    return i;
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

function malformed(what: string): Error {
  return new Error(`malformed chunked body: ${what}`);
}
