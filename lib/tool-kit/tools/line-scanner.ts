// Reads a text file once, in chunks, collecting the lines a read asked for (within a HeadBudget)
// and only counting the rest. Memory stays bounded even for multi-gigabyte logs or a minified
// file that is one enormous line, which a whole-file readFile would not survive.
import type { HeadBudget } from "../output/truncate.js";

/** What the scan reads from: an open file, or text already in memory (textSource). */
export interface ChunkSource {
  read(buffer: Buffer, offset: number, length: number, position: null): Promise<{ bytesRead: number }>;
}

/** Text someone else supplied (an editor's buffer, pi's ReadOperations), read like a file. */
export function textSource(text: string | Buffer): ChunkSource {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  let at = 0;
  return {
    read: async (buffer, offset, length) => {
      const n = bytes.copy(buffer, offset, at, Math.min(at + length, bytes.length));
      at += n;
      return { bytesRead: n };
    },
  };
}

export interface ScanResult {
  /** The collected lines, starting at the requested line. */
  lines: string[];
  /** Lines in the file (a final newline ends the last line rather than starting one). */
  totalLines: number;
  /** Why collection stopped before the end of the file, if it did. */
  stoppedBy?: "lines" | "bytes";
  /** Byte length of the first requested line when it alone broke the byte budget. */
  firstLineBytes?: number;
}

const CHUNK = 64 * 1024;

export async function scanLines(
  file: ChunkSource,
  startLine: number,
  budget: HeadBudget,
  maxLineBytes: number,
  signal?: AbortSignal,
): Promise<ScanResult> {
  const result: ScanResult = { lines: [], totalLines: 0 };
  const buffer = Buffer.allocUnsafe(CHUNK);
  let lineNo = 1; // the line currently being read
  let parts: Buffer[] = []; // retained bytes of the current line, while it is wanted
  let kept = 0; // bytes in parts
  let length = 0; // full byte length of the current line
  let collecting = true;

  const wanted = () => collecting && lineNo >= startLine;
  const take = (bytes: Buffer) => {
    length += bytes.length;
    // Keep at most one byte past the limit: enough to know the line cannot fit.
    if (wanted() && kept <= maxLineBytes) {
      const piece = Buffer.from(bytes.subarray(0, maxLineBytes + 1 - kept));
      parts.push(piece);
      kept += piece.length;
    }
  };
  const endLine = () => {
    if (wanted()) {
      const verdict = budget.admit(length);
      if (verdict === "ok") result.lines.push(displayLine(Buffer.concat(parts).toString("utf8"), lineNo));
      else {
        collecting = false;
        result.stoppedBy = verdict;
        if (result.lines.length === 0 && verdict === "bytes") result.firstLineBytes = length;
      }
    }
    parts = [];
    kept = 0;
    length = 0;
    lineNo += 1;
  };

  let pendingBytes = false; // bytes seen since the last newline
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await file.read(buffer, 0, CHUNK, null);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
      take(chunk.subarray(from, nl));
      endLine();
      from = nl + 1;
    }
    take(chunk.subarray(from));
    pendingBytes = from < chunk.length;
  }
  if (pendingBytes) endLine();
  result.totalLines = lineNo - 1;
  return result;
}

/** A line as the model sees it: without a CRLF file's "\r" or the file's BOM (edit keeps both). */
function displayLine(text: string, lineNo: number): string {
  const unmarked = lineNo === 1 && text.startsWith("\uFEFF") ? text.slice(1) : text;
  return unmarked.endsWith("\r") ? unmarked.slice(0, -1) : unmarked;
}
