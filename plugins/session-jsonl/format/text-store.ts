// Short ASCII texts of the quick index (a node's timestamp, a user message's preview) kept as their
// bytes in one growing buffer and decoded when asked for (the /tree view, pickers). A long session
// has 100,000 timestamps: as strings they were 100,000 objects the garbage collector copied out of
// the young generation while the file was being read (and as many native calls to make them);
// here they are bytes outside the heap, copied once.

type Latin1 = { latin1Slice(start: number, end: number): string };

/** Bytes `start`..`end` of `b` as a string, one byte a character (Buffer's own latin1 slice, without toString's checks). */
export const latin1 = (b: Buffer, start: number, end: number): string => (b as unknown as Latin1).latin1Slice(start, end);

export class TextStore {
  private buf = Buffer.allocUnsafe(1 << 16);
  private used = 0;

  /** Keeps bytes `from`..`to` of `b` (at most 255 printable ASCII bytes); returns where, for `text`. */
  add(b: Uint8Array, from: number, to: number): number {
    const n = to - from;
    if (n > 255) throw new RangeError("TextStore keeps texts of at most 255 bytes");
    if (this.used + n + 1 > this.buf.length) this.grow(n + 1);
    const at = this.used;
    const buf = this.buf;
    buf[at] = n;
    // A byte loop: a copy this short costs less than a call into Buffer.copy.
    for (let i = 0; i < n; i++) buf[at + 1 + i] = b[from + i];
    this.used = at + 1 + n;
    return at;
  }

  /** The text kept at `at`. */
  text(at: number): string {
    const b = this.buf;
    // pi's 8-character ids: made in JS, a third of a native latin1Slice call's cost.
    if (b[at] === 8) return String.fromCharCode(b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5], b[at + 6], b[at + 7], b[at + 8]);
    return latin1(b, at + 1, at + 1 + b[at]);
  }

  /** Whether the text kept at `at` is bytes `from`..`to` of `b`. */
  equals(at: number, b: Uint8Array, from: number, to: number): boolean {
    const buf = this.buf;
    const n = buf[at];
    if (n !== to - from) return false;
    for (let k = 0; k < n; k++) if (buf[at + 1 + k] !== b[from + k]) return false;
    return true;
  }

  /** Whether the text kept at `at` is `text`. */
  is(at: number, text: string): boolean {
    const buf = this.buf;
    const n = buf[at];
    if (n !== text.length) return false;
    for (let k = 0; k < n; k++) if (buf[at + 1 + k] !== text.charCodeAt(k)) return false;
    return true;
  }

  private grow(need: number): void {
    let size = this.buf.length * 2;
    while (size < this.used + need) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }
}
