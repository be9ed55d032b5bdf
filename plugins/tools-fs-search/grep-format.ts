// Turning matches into pi's grep text: `path:LINE: text` for a match, `path-LINE- text` for a
// context line, paths relative to the searched directory with POSIX separators, lines capped.
import { readFile } from "node:fs/promises";
import { basename, relative } from "node:path";
import type { GrepMatch, GrepQuery } from "./grep-types.js";
import { capLine, toPosix } from "./output.js";

export interface Formatted {
  lines: string[];
  linesCut: boolean;
}

export async function formatMatches(matches: GrepMatch[], q: GrepQuery, context: number): Promise<Formatted> {
  const files = new Map<string, Promise<string[]>>();
  const linesOf = (file: string) => {
    if (!files.has(file))
      files.set(
        file,
        readFile(file, "utf8").then(
          (t) =>
            t
              .replace(/^\uFEFF/, "")
              .replace(/\r\n?/g, "\n")
              .split("\n"),
          () => [],
        ),
      );
    return files.get(file)!;
  };
  const out: string[] = [];
  let linesCut = false;
  const push = (line: string) => {
    const capped = capLine(line);
    linesCut ||= capped.cut;
    return capped.text;
  };
  for (const match of matches) {
    const name = displayPath(match.file, q);
    if (context === 0 && match.text !== undefined) {
      out.push(`${name}:${match.line}: ${push(match.text)}`);
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
      const text = push(lines[n - 1] ?? "");
      out.push(n === match.line ? `${name}:${n}: ${text}` : `${name}-${n}- ${text}`);
    }
  }
  return { lines: out, linesCut };
}

function displayPath(file: string, q: GrepQuery): string {
  if (q.rootIsDir) {
    const rel = relative(q.root, file);
    if (rel && !rel.startsWith("..")) return toPosix(rel);
  }
  return basename(file);
}
