// Where the SSE parser (sse.ts) cuts a network read's bytes before decoding them. Any cut is read
// right (the parser carries every state across cuts); these only choose cuts that cost less.

/**
 * Bytes decoded into one string at most. V8 puts a string over ~128 KiB in its large-object space
 * (a mapping of its own, collected only by a full GC), and a fast stream's reads are often bigger:
 * decoding and splitting 58 MB in 1 MiB reads cost 2.5x what it does in 32 KiB slices.
 */
export const SLICE = 32 * 1024;
/** A cut frame longer than this is read line by line as usual (a repeat is never this long). */
export const MAX_CUT = 8 * 1024;
/**
 * Bytes scanned in JavaScript for a frame end before asking Buffer's native search. A frame is a
 * few hundred bytes, so the scan finds one at once; a native indexOf costs ~1-2 µs a call (its
 * argument checks and a subarray), which was ~5-25 ms of a 54 MB stream's 3,000 cuts.
 */
const SCAN = 2048;

const LF = 10;
const CR = 13;

/** Whether `bytes[i, i + 2 * eol.length)` is a blank line's bytes after a line ending with `eol`. */
function frameEndAt(bytes: Buffer, i: number, crlf: boolean): boolean {
  if (!crlf) return bytes[i] === LF && bytes[i + 1] === LF;
  return bytes[i] === CR && bytes[i + 1] === LF && bytes[i + 2] === CR && bytes[i + 3] === LF;
}

/** Where the first frame end in `bytes[from, to)` ends; -1: none. */
function firstFrameEnd(bytes: Buffer, from: number, to: number, eol: string): number {
  const crlf = eol === "\r\n";
  const mark = crlf ? 4 : 2;
  const last = to - mark;
  const scanned = Math.min(last, from + SCAN);
  for (let i = from; i <= scanned; i++) if (frameEndAt(bytes, i, crlf)) return i + mark;
  if (scanned >= last) return -1;
  const at = bytes.subarray(scanned + 1, to).indexOf(crlf ? "\r\n\r\n" : "\n\n", 0, "latin1");
  return at < 0 ? -1 : scanned + 1 + at + mark;
}

/** Where the last frame end in `bytes[from, to)` ends; -1: none. */
function lastFrameEnd(bytes: Buffer, from: number, to: number, eol: string): number {
  const crlf = eol === "\r\n";
  const mark = crlf ? 4 : 2;
  const scanned = Math.max(from, to - mark - SCAN);
  for (let i = to - mark; i >= scanned; i--) if (frameEndAt(bytes, i, crlf)) return i + mark;
  if (scanned <= from) return -1;
  const at = bytes.subarray(from, scanned - 1 + mark).lastIndexOf(crlf ? "\r\n\r\n" : "\n\n", undefined, "latin1");
  return at < 0 ? -1 : from + at + mark;
}

/**
 * Where the slice of `bytes` from `at` ends: where a frame ends (lines end with `eol`), so the next
 * slice's text starts one and no text is left over to join to it. Joined, the two are a cons
 * string that V8 copies whole to search it (a second copy of every decoded byte). Text left over
 * from the last read (`leftover`) is joined to a first slice that ends at the first frame end,
 * which keeps that copy small. Where no frame ends in reach, a fixed cut.
 */
export function sliceEnd(bytes: Buffer, at: number, eol: string, leftover: boolean): number {
  const left = bytes.length - at;
  if (leftover) {
    const first = firstFrameEnd(bytes, at, at + Math.min(left, MAX_CUT), eol);
    if (first >= 0) return first;
  }
  if (left <= SLICE) return bytes.length;
  const last = lastFrameEnd(bytes, at + SLICE / 2, at + SLICE, eol);
  return last >= 0 ? last : at + SLICE;
}
