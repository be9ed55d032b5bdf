// Watching a job's output file for lines that match a pattern. Output goes to a file rather than
// through the agent, so it is read back in small polls, only while someone is watching (a `wait`
// for a pattern, or a notice the model asked for). Each watcher keeps its own place in the file.
import { closeSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";

export interface LineWatcher {
  pattern: RegExp;
  /** Byte offset read so far. */
  offset: number;
  partial: string;
  /** Keeps a character split between two reads whole. */
  decoder?: StringDecoder;
  onMatch(line: string): void;
}

const CHUNK = 64 * 1024;

/** Reads what was added since the watcher's offset; calls onMatch for the first matching line and returns true. */
export function scan(path: string, w: LineWatcher, final = false): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return false;
  }
  try {
    const buf = Buffer.alloc(CHUNK);
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, w.offset);
      if (n <= 0) break;
      w.offset += n;
      w.decoder ??= new StringDecoder("utf8");
      const parts = (w.partial + w.decoder.write(buf.subarray(0, n))).split("\n");
      w.partial = parts.pop() ?? "";
      if (w.partial.length > CHUNK) w.partial = w.partial.slice(-CHUNK); // a line without end: keep its tail
      const hit = parts.find((line) => w.pattern.test(line));
      if (hit !== undefined) return w.onMatch(hit), true;
    }
    // At the job's end an unterminated last line counts too.
    if (final && w.partial && w.pattern.test(w.partial)) return w.onMatch(w.partial), true;
    return false;
  } finally {
    closeSync(fd);
  }
}

/** A pattern from the model: a regular expression, or a clear error. */
export function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new Error(`Invalid pattern ${JSON.stringify(source)}: ${(error as Error).message}`);
  }
}
