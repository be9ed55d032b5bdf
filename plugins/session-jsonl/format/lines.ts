// Reads a file line by line through one reused buffer, with each line's byte offset, so big
// session files are never held whole in memory and single entries can be re-read later by
// position. A Line (one object, reused for every line: a long session has 100,000 of them) and its
// bytes are only valid during the callback that receives it.
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { latin1 } from "./text-store.js";

export interface Line {
  /** 1-based line number. */
  readonly no: number;
  readonly offset: number;
  /** Bytes, without the newline. */
  readonly length: number;
  /** The line's bytes live in `buf` from `start` to `end`; `text()` decodes them. */
  readonly buf: Buffer;
  readonly start: number;
  readonly end: number;
  text(): string;
  /** False for a last line the file ends in the middle of (no trailing newline). */
  readonly terminated: boolean;
}

class BufferLine implements Line {
  no = 0;
  offset = 0;
  start = 0;
  end = 0;
  terminated = true;
  /** The read's lines decoded as one string, when the caller asked for that (forEachLine), and this line's place in it. */
  whole = "";
  from = -1;
  to = -1;
  constructor(public buf: Buffer) {}
  /** Points the line at the next one (the same object for every line: no garbage per line). */
  at(no: number, offset: number, buf: Buffer, start: number, end: number, terminated: boolean): this {
    this.no = no;
    this.offset = offset;
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.terminated = terminated;
    this.from = -1;
    return this;
  }
  /** The line is characters `from`..`to` of `whole` too. */
  in(whole: string, from: number, to: number): this {
    this.whole = whole;
    this.from = from;
    this.to = to;
    return this;
  }
  get length(): number {
    return this.end - this.start;
  }
  text(): string {
    // A slice of the read's string shares its characters: no decoder call and no new line-sized string per line.
    return this.from >= 0 ? this.whole.slice(this.from, this.to) : this.buf.toString("utf8", this.start, this.end);
  }
}

/**
 * Bytes a read asks for (at most: a read into a buffer holding an unfinished line asks for less).
 * The read buffer is fresh memory, which costs ~18 µs a 4 KiB page to fault in on this project's
 * 2-core VM, and a read touches as many pages as it asks for: until issue 34's round eight a read
 * asked for all the buffer had room for (2 MiB), ~256 pages more than this. Not smaller: the first
 * reads are searched for a compaction (read.ts) before their lines are decoded.
 */
const CHUNK = 1 << 20;
/**
 * Bytes of lines decoded as one string (see forEachLine): well under V8's 128 KiB limit for an
 * object in the young generation, so a string still in use when the collector runs is copied (and
 * dies soon after) rather than promoted as a large object that lives until the next full collection
 * (1 MiB strings, one per read, added ~7 MB to the peak RSS of a 100,000-entry resume).
 */
const SPAN = 32 * 1024;

/**
 * Calls `onLine` for every line of the file. `onRead`, if given, sees each read's bytes first: the
 * lines of `buf` from 0 (the start of a line) to `end`, before any of them is given to `onLine`.
 * When it answers true, the read's lines are taken ~32 KiB of them at a time (SPAN) and, where such
 * a span is all ASCII, each line's `text()` is a slice of the span as one string, for a caller that
 * decodes every line: one native call per ~50 lines instead of one per line, and no line-sized
 * string per line. A span with any other byte is decoded a line at a time, as without `onRead`.
 */
export function forEachLine(
  path: string,
  onLine: (line: Line) => void,
  onRead?: (buf: Buffer, end: number) => boolean | undefined,
  chunk = CHUNK, // smaller in tests, so lines span reads
  span = SPAN,
): void {
  const fd = openSync(path, "r");
  try {
    // A short file gets a buffer about its size (grown below if it grows meanwhile): fresh memory is dear.
    let buf: Buffer = Buffer.allocUnsafe(Math.min(2 * chunk, Math.max(fstatSync(fd).size + 1, 64 * 1024)));
    let filled = 0; // bytes of an unfinished line kept at the start of buf
    let base = 0; // file offset of buf[0]
    let position = 0;
    let no = 0;
    const line = new BufferLine(buf);
    for (;;) {
      if (buf.length - filled < Math.min(chunk, buf.length >> 1)) buf = grow(buf, filled);
      const read = readSync(fd, buf, filled, Math.min(chunk, buf.length - filled), position);
      if (read === 0) break;
      position += read;
      const total = filled + read;
      const whole = onRead?.(buf, total) === true;
      let start = 0;
      let upTo = -1; // the span's end (a newline)
      let text = ""; // the span's lines as one string, or "" to decode them one by one
      let from = 0; // where the line that starts at byte `start` starts in `text`
      // Newlines are searched for in the bytes read only: past them the buffer is memory never
      // written, whose pages a search would fault in (1 MiB of them after a file's first read).
      const bytes = total === buf.length ? buf : buf.subarray(0, total);
      for (let nl = bytes.indexOf(10, filled); nl !== -1; nl = bytes.indexOf(10, nl + 1)) {
        line.at(++no, base + start, buf, start, nl, true);
        if (whole && start > upTo) {
          // The lines ending within `span` bytes (at least this one).
          const at = buf.lastIndexOf(10, Math.min(start + span, total - 1));
          upTo = at > nl ? at : nl;
          text = asciiText(buf, start, upTo);
          from = 0;
        }
        if (text) {
          const to = nl === upTo ? text.length : text.indexOf("\n", from);
          onLine(line.in(text, from, to));
          from = to + 1;
        } else onLine(line);
        start = nl + 1;
      }
      buf.copy(buf, 0, start, total);
      filled = total - start;
      base += start;
    }
    if (filled) onLine(line.at(++no, base, buf, 0, filled, false));
  } finally {
    closeSync(fd);
  }
}

/**
 * Bytes `from`..`to` as one string if they are all ASCII, else "" (decoded a line at a time). One
 * character past Latin-1 would make the whole span a two-byte string, which JSON.parse reads
 * ~5-15% slower than one-byte text (a 100,000-entry file with such a character in every 20th
 * line: +7% CPU to index it); a line decoded alone is two-byte only if it holds one itself.
 */
function asciiText(buf: Buffer, from: number, to: number): string {
  return isAscii(buf.subarray(from, to)) ? latin1(buf, from, to) : "";
}

function grow(buf: Buffer, keep: number): Buffer {
  const bigger = Buffer.allocUnsafe(buf.length * 2);
  buf.copy(bigger, 0, 0, keep);
  return bigger;
}

/** Reads the bytes of one line back (for an entry whose content was not kept in memory). */
export function readAt(path: string, offset: number, length: number): string {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    const got = readSync(fd, buf, 0, length, offset);
    return buf.toString("utf8", 0, got);
  } finally {
    closeSync(fd);
  }
}

const WINDOW = 1 << 20;

/**
 * Reads the lines at the given positions, in file order, through windows of at least 1 MiB: one
 * system call for many neighbouring lines, and no more of the file than their span. `onText` gets
 * each range's text (cut short if the file is).
 */
export function readRanges<R extends { offset: number; length: number }>(
  path: string,
  ranges: R[],
  onText: (range: R, text: string) => void,
): void {
  const sorted = [...ranges].sort((a, b) => a.offset - b.offset);
  if (sorted.length === 0) return;
  // No more of the file than the ranges' span is read, into no bigger a buffer (fresh memory is dear: CHUNK).
  let end = 0;
  for (const r of sorted) end = Math.max(end, r.offset + r.length);
  const fd = openSync(path, "r");
  try {
    let buf = Buffer.allocUnsafe(Math.min(WINDOW, end - sorted[0].offset));
    let from = 0; // file offset of buf[0]
    let got = 0; // bytes of buf filled
    for (const r of sorted) {
      if (r.offset < from || r.offset + r.length > from + got) {
        if (buf.length < r.length) buf = Buffer.allocUnsafe(r.length);
        from = r.offset;
        got = readSync(fd, buf, 0, Math.min(buf.length, end - from), from);
      }
      const start = r.offset - from;
      onText(r, buf.toString("utf8", start, Math.min(start + r.length, got)));
    }
  } finally {
    closeSync(fd);
  }
}
