// Bounding what a search returns, with pi's notices: whole lines up to 50 KB, and one bracketed
// line of notices telling the model what was cut and how to get more.
import { formatSize, MAX_BYTES } from "../output/limits.js";

export interface Bounded {
  text: string;
  truncated: boolean;
}

/** Keeps whole lines from the top while they fit in 50 KB. */
export function headBytes(lines: string[], maxBytes = MAX_BYTES): Bounded {
  let bytes = 0;
  let kept = 0;
  for (const line of lines) {
    const cost = Buffer.byteLength(line, "utf8") + (kept > 0 ? 1 : 0);
    if (bytes + cost > maxBytes) break;
    bytes += cost;
    kept += 1;
  }
  return { text: lines.slice(0, kept).join("\n"), truncated: kept < lines.length };
}

export function withNotices(text: string, notices: string[]): string {
  return notices.length ? `${text}\n\n[${notices.join(". ")}]` : text;
}

export const bytesNotice = () => `${formatSize(MAX_BYTES)} limit reached`;

/** Plain code-unit order: the same on every machine and locale. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
