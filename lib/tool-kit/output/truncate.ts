// Output limits shared by every tool, so the model's context never receives more than ~50 KB or
// 2,000 lines from one call. Head truncation (read) keeps the start; tail truncation (bash) keeps
// the end, where errors and summaries usually are. Neither cuts a line in half, except that tail
// truncation keeps the end of a single line that alone exceeds the byte limit (else nothing shows).

import { MAX_BYTES, MAX_LINES } from "./limits.js";

export { formatSize, MAX_BYTES, MAX_LINES } from "./limits.js";

export interface Limits {
  maxLines: number;
  maxBytes: number;
}
export const DEFAULT_LIMITS: Limits = { maxLines: MAX_LINES, maxBytes: MAX_BYTES };

/** Admits lines one at a time from the top until the next one would break a limit. */
export class HeadBudget {
  lines = 0;
  bytes = 0;
  constructor(private readonly limits: Limits = DEFAULT_LIMITS) {}

  /** "ok" when the line (of `lineBytes` UTF-8 bytes) fits, else the limit it would break. */
  admit(lineBytes: number): "ok" | "lines" | "bytes" {
    if (this.lines >= this.limits.maxLines) return "lines";
    const cost = lineBytes + (this.lines > 0 ? 1 : 0); // the joining newline counts too
    if (this.bytes + cost > this.limits.maxBytes) return "bytes";
    this.lines += 1;
    this.bytes += cost;
    return "ok";
  }
}

export interface TailResult {
  content: string;
  truncated: boolean;
  /** Lines in `content`. */
  outputLines: number;
  /** Lines in the text given (a final newline ends the last line rather than starting one). */
  totalLines: number;
  /** The only line shown is the end of a line longer than maxBytes. */
  lastLinePartial: boolean;
}

export function truncateTail(text: string, limits: Limits = DEFAULT_LIMITS): TailResult {
  const lines = splitLines(text);
  const total = lines.length;
  let bytes = 0;
  let first = total;
  while (first > 0 && total - first < limits.maxLines) {
    const cost = Buffer.byteLength(lines[first - 1], "utf8") + (first < total ? 1 : 0);
    if (bytes + cost > limits.maxBytes) break;
    bytes += cost;
    first -= 1;
  }
  if (first === 0) return { content: lines.join("\n"), truncated: false, outputLines: total, totalLines: total, lastLinePartial: false };
  if (first === total) {
    const content = tailBytes(lines[total - 1], limits.maxBytes);
    return { content, truncated: true, outputLines: 1, totalLines: total, lastLinePartial: true };
  }
  return { content: lines.slice(first).join("\n"), truncated: true, outputLines: total - first, totalLines: total, lastLinePartial: false };
}

export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The last `maxBytes` bytes of a line, moved forward to a character boundary. */
function tailBytes(line: string, maxBytes: number): string {
  const buf = Buffer.from(line, "utf8");
  let start = Math.max(0, buf.length - maxBytes);
  while (start < buf.length && (buf[start] & 0xc0) === 0x80) start += 1; // skip continuation bytes
  return buf.subarray(start).toString("utf8");
}
