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

const FRAME_ENDS: Record<string, Buffer> = {};
/** A blank line's bytes after a line ending with `eol`: where a frame ends. */
const frameEnd = (eol: string) => (FRAME_ENDS[eol] ??= Buffer.from(eol + eol, "latin1"));

/**
 * Where the slice of `bytes` from `at` ends: where a frame ends (lines end with `eol`), so the next
 * slice's text starts one and no text is left over to join to it. Joined, the two are a cons
 * string that V8 copies whole to search it (a second copy of every decoded byte). Text left over
 * from the last read (`leftover`) is joined to a first slice that ends at the first frame end,
 * which keeps that copy small. Where no frame ends in reach, a fixed cut.
 */
export function sliceEnd(bytes: Buffer, at: number, eol: string, leftover: boolean): number {
  const left = bytes.length - at;
  const mark = frameEnd(eol);
  if (leftover) {
    const first = bytes.subarray(at, at + Math.min(left, MAX_CUT)).indexOf(mark);
    if (first >= 0) return at + first + mark.length;
  }
  if (left <= SLICE) return bytes.length;
  const from = at + SLICE / 2;
  const last = bytes.subarray(from, at + SLICE).lastIndexOf(mark);
  return last >= 0 ? from + last + mark.length : at + SLICE;
}
