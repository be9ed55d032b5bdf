// Turning matches into pi's grep text: `path:LINE: text` for a match, `path-LINE- text` for a
// context line, paths relative to the searched directory with POSIX separators, lines capped at
// 500 characters. Context lines come from `readText` (pi's GrepOperations.readFile lets an SDK
// user serve them from elsewhere); a file is read once however many matches it has.
import { readFile } from "node:fs/promises";
import { basename, relative } from "node:path";
import { MAX_LINE_CHARS } from "../output/limits.js";
import type { GrepMatch, GrepQuery } from "./grep-types.js";
import { toPosix } from "./posix.js";

export interface FormattedMatches {
  lines: string[];
  /** Some line was cut at MAX_LINE_CHARS (the tools add pi's notice). */
  linesCut: boolean;
}

export type ReadText = (file: string) => Promise<string> | string;

const readUtf8: ReadText = (file) => readFile(file, "utf8");

export async function formatMatches(
  matches: GrepMatch[],
  q: GrepQuery,
  context: number,
  readText: ReadText = readUtf8,
): Promise<FormattedMatches> {
  const files = new Map<string, Promise<string[]>>();
  const linesOf = (file: string) => {
    if (!files.has(file))
      files.set(
        file,
        Promise.resolve()
          .then(() => readText(file))
          .then(splitText, () => []),
      );
    return files.get(file)!;
  };
  const out: string[] = [];
  let linesCut = false;
  const cap = (line: string) => {
    if (line.length <= MAX_LINE_CHARS) return line;
    linesCut = true;
    return `${line.slice(0, MAX_LINE_CHARS)}... [truncated]`;
  };
  for (const match of matches) {
    const name = displayPath(match.file, q);
    if (context === 0 && match.text !== undefined) {
      out.push(`${name}:${match.line}: ${cap(match.text)}`);
      continue;
    }
    const lines = await linesOf(match.file);
    if (lines.length === 0) {
      out.push(`${name}:${match.line}: (unable to read file)`);
      continue;
    }
    const from = Math.max(1, match.line - context);
    const to = Math.min(lines.length, match.line + context);
    for (let n = from; n <= to; n++) {
      const text = cap(lines[n - 1] ?? "");
      out.push(n === match.line ? `${name}:${n}: ${text}` : `${name}-${n}- ${text}`);
    }
  }
  return { lines: out, linesCut };
}

/** pi's notices for a grep that stopped at its match limit, and for lines cut at MAX_LINE_CHARS. */
export const grepNotices = {
  matchLimit: (limit: number) => `${limit} matches limit reached. Use limit=${limit * 2} for more, or refine pattern`,
  linesCut: `Some lines truncated to ${MAX_LINE_CHARS} chars. Use read tool to see full lines`,
};

/** A file's lines; a final line break ends the last line rather than starting one (no phantom context line). */
const splitText = (text: string) =>
  String(text)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\n$/, "")
    .split("\n");

function displayPath(file: string, q: GrepQuery): string {
  if (q.rootIsDir) {
    const rel = relative(q.root, file);
    if (rel && !rel.startsWith("..")) return toPosix(rel);
  }
  return basename(file);
}
