// pi's output truncation helpers, with pi's limits (2,000 lines or 50 KB, whichever comes first).
import { MAX_BYTES, MAX_LINES } from "../../../lib/tool-kit/index.js";

export interface TruncationOptions {
  maxLines?: number;
  maxBytes?: number;
}
export interface TruncationResult {
  content: string;
  truncated: boolean;
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function fitLines(lines: string[], o: TruncationOptions): { kept: string[]; by: "lines" | "bytes" | null } {
  const maxLines = o.maxLines ?? MAX_LINES;
  const maxBytes = o.maxBytes ?? MAX_BYTES;
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (kept.length >= maxLines) return { kept, by: "lines" };
    const add = bytes(line) + (kept.length ? 1 : 0);
    if (size + add > maxBytes) return { kept, by: "bytes" };
    kept.push(line);
    size += add;
  }
  return { kept, by: null };
}

function result(text: string, kept: string[], by: "lines" | "bytes" | null, total: number): TruncationResult {
  const content = kept.join("\n");
  return {
    content,
    truncated: by !== null,
    truncatedBy: by,
    totalLines: total,
    totalBytes: bytes(text),
    outputLines: kept.length,
    outputBytes: bytes(content),
  };
}

/** Keeps the first lines (file reads). */
export function truncateHead(text: string, o: TruncationOptions = {}): TruncationResult {
  const lines = text.split("\n");
  const { kept, by } = fitLines(lines, o);
  return result(text, kept, by, lines.length);
}

/** Keeps the last lines (command output). */
export function truncateTail(text: string, o: TruncationOptions = {}): TruncationResult {
  const lines = text.split("\n");
  const { kept, by } = fitLines([...lines].reverse(), o);
  return result(text, kept.reverse(), by, lines.length);
}

export function truncateLine(line: string, maxChars = 500): { text: string; wasTruncated: boolean } {
  return line.length <= maxChars
    ? { text: line, wasTruncated: false }
    : { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}
