// Reads a file line by line through one reused buffer, with each line's byte offset, so big
// session files are never held whole in memory and single entries can be re-read later by
// position. A Line (one object, reused for every line: a long session has 100,000 of them) and its
// bytes are only valid during the callback that receives it.
import { closeSync, openSync, readSync } from "node:fs";

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
  constructor(public buf: Buffer) {}
  /** Points the line at the next one (the same object for every line: no garbage per line). */
  at(no: number, offset: number, buf: Buffer, start: number, end: number, terminated: boolean): this {
    this.no = no;
    this.offset = offset;
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.terminated = terminated;
    return this;
  }
  get length(): number {
    return this.end - this.start;
  }
  text(): string {
    return this.buf.toString("utf8", this.start, this.end);
  }
}

const CHUNK = 1 << 20;

/**
 * Calls `onLine` for every line of the file. `onRead`, if given, sees each read's bytes first: the
 * lines of `buf` from 0 (the start of a line) to `end`, before any of them is given to `onLine`.
 */
export function forEachLine(path: string, onLine: (line: Line) => void, onRead?: (buf: Buffer, end: number) => void): void {
  const fd = openSync(path, "r");
  try {
    let buf: Buffer = Buffer.allocUnsafe(2 * CHUNK);
    let filled = 0; // bytes of an unfinished line kept at the start of buf
    let base = 0; // file offset of buf[0]
    let position = 0;
    let no = 0;
    const line = new BufferLine(buf);
    for (;;) {
      if (buf.length - filled < CHUNK) buf = grow(buf, filled);
      const read = readSync(fd, buf, filled, buf.length - filled, position);
      if (read === 0) break;
      position += read;
      const total = filled + read;
      onRead?.(buf, total);
      let start = 0;
      for (let nl = buf.indexOf(10, filled); nl !== -1 && nl < total; nl = buf.indexOf(10, nl + 1)) {
        onLine(line.at(++no, base + start, buf, start, nl, true));
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
  const fd = openSync(path, "r");
  try {
    let buf = Buffer.allocUnsafe(WINDOW);
    let from = 0; // file offset of buf[0]
    let got = 0; // bytes of buf filled
    for (const r of sorted) {
      if (r.offset < from || r.offset + r.length > from + got) {
        if (buf.length < r.length) buf = Buffer.allocUnsafe(r.length);
        from = r.offset;
        got = readSync(fd, buf, 0, buf.length, from);
      }
      const start = r.offset - from;
      onText(r, buf.toString("utf8", start, Math.min(start + r.length, got)));
    }
  } finally {
    closeSync(fd);
  }
}
