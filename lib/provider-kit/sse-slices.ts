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

/**
 * Whether a frame end's bytes end at `bytes[i]` (an LF): a blank line after a line ending with
 * LF, or with CRLF. The scans call it only at an LF: a call per byte showed as ~16 ms of Gemini's
 * stream in a profile (the code runs unoptimized for a while).
 */
const endsFrame = (bytes: Buffer, i: number, crlf: boolean) =>
  bytes[i] === LF && (crlf ? bytes[i - 1] === CR && bytes[i - 2] === LF && bytes[i - 3] === CR : bytes[i - 1] === LF);

/** Where the first frame end in `bytes[from, to)` ends; -1: none. */
function firstFrameEnd(bytes: Buffer, from: number, to: number, eol: string): number {
  const crlf = eol === "\r\n";
  const mark = crlf ? 4 : 2;
  const scanned = Math.min(to, from + SCAN);
  for (let i = from + mark - 1; i < scanned; i++) if (bytes[i] === LF && endsFrame(bytes, i, crlf)) return i + 1;
  if (scanned >= to) return -1;
  // Past the scan: frame ends that start at `scanned - mark + 1` or later.
  const at = bytes.subarray(scanned - mark + 1, to).indexOf(crlf ? "\r\n\r\n" : "\n\n", 0, "latin1");
  return at < 0 ? -1 : scanned + 1 + at;
}

/** Where the last frame end in `bytes[from, to)` ends; -1: none. */
function lastFrameEnd(bytes: Buffer, from: number, to: number, eol: string): number {
  const crlf = eol === "\r\n";
  const mark = crlf ? 4 : 2;
  const scanned = Math.max(from + mark - 1, to - SCAN);
  for (let i = to - 1; i >= scanned; i--) if (bytes[i] === LF && endsFrame(bytes, i, crlf)) return i + 1;
  if (scanned <= from + mark - 1) return -1;
  // Before the scan: frame ends that end before `scanned`.
  const at = bytes.subarray(from, scanned).lastIndexOf(crlf ? "\r\n\r\n" : "\n\n", undefined, "latin1");
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

/** Where the line going on at `bytes[at]` ends (after its LF or CR); -1: not in these bytes. */
export function lineEnd(bytes: Buffer, at: number): number {
  const lf = bytes.indexOf(LF, at);
  const cr = lf < 0 ? bytes.indexOf(CR, at) : bytes.subarray(at, lf).indexOf(CR);
  if (lf < 0) return cr < 0 ? -1 : cr + 1;
  return cr < 0 ? lf + 1 : at + cr + 1;
}

/**
 * `text` in a string of its own. V8 makes a slice of 13 characters or more a view that keeps its
 * whole parent alive: a short string kept from a decoded 32 KiB piece would keep the piece.
 */
export const unsliced = (text: string) => `${text} `.slice(0, -1);
