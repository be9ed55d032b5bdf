// Applying anchored operations: every anchor is checked against the file as it is now (number in
// range, hash equal), ranges must not overlap, and then all operations apply together, bottom up,
// or none does. A stale anchor is rejected with the current lines around it, freshly anchored, so
// the model can retry without re-reading the whole file.
import { anchoredLine, lineHash, parseAnchor } from "./anchors.js";
import { textLines } from "./document.js";

export type Op = "replace" | "delete" | "insert_before" | "insert_after";
export interface HashlineEdit {
  op: Op;
  start: string;
  end?: string;
  text?: string;
}

interface Planned {
  from: number;
  to: number;
  insert: string[];
  index: number;
}

const CONTEXT = 2;

export function applyHashlineEdits(lines: string[], edits: HashlineEdit[]): { lines: string[]; firstLine: number } {
  const planned = edits.map((edit, i) => plan(lines, edit, i, edits.length));
  const ordered = [...planned].sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    if (b.from < a.to || (b.from === a.to && a.from === a.to && b.from === b.to)) {
      throw new Error(
        `${label(a.index, edits.length)} and ${label(b.index, edits.length)} touch the same lines. Merge them into one edit.`,
      );
    }
  }
  const out = [...lines];
  for (const p of [...ordered].reverse()) out.splice(p.from, p.to - p.from, ...p.insert);
  return { lines: out, firstLine: ordered[0].from + 1 };
}

/** The edit as "replace lines [from, to) with `insert`" (0-based, end exclusive). */
function plan(lines: string[], edit: HashlineEdit, index: number, count: number): Planned {
  const name = label(index, count);
  const start = resolve(lines, edit.start, `${name}.start`);
  const insert = textLines(edit.text ?? "");
  switch (edit.op) {
    case "insert_before":
      return { from: start - 1, to: start - 1, insert: need(insert, name), index };
    case "insert_after":
      return { from: start, to: start, insert: need(insert, name), index };
    case "replace":
    case "delete": {
      const end = edit.end === undefined ? start : resolve(lines, edit.end, `${name}.end`);
      if (end < start) throw new Error(`${name}: end (line ${end}) is before start (line ${start}).`);
      return { from: start - 1, to: end, insert: edit.op === "delete" ? [] : insert, index };
    }
    default:
      throw new Error(`${name}: unknown op ${JSON.stringify(edit.op)}; use replace, delete, insert_before or insert_after.`);
  }
}

function need(insert: string[], name: string): string[] {
  if (insert.length === 0) throw new Error(`${name}: text is empty, so there is nothing to insert.`);
  return insert;
}

/** The 1-based line an anchor names, after checking it still names the same text. */
function resolve(lines: string[], anchor: string, name: string): number {
  const parsed = parseAnchor(anchor);
  if (!parsed) throw new Error(`${name} ${JSON.stringify(anchor)} is not an anchor. Use the N#HH prefix read shows, e.g. "12#a3".`);
  if (lines.length === 0) throw new Error(`${name}: the file is empty, so there are no lines to anchor to. Use write to give it content.`);
  if (parsed.line < 1 || parsed.line > lines.length) {
    throw new Error(
      `${name} ${anchor}: line ${parsed.line} does not exist; the file has ${lines.length} line${lines.length === 1 ? "" : "s"}.`,
    );
  }
  const actual = lineHash(lines[parsed.line - 1]);
  if (actual !== parsed.hash) {
    throw new Error(
      `${name} ${parsed.line}#${parsed.hash} is stale: line ${parsed.line} has changed since it was read. ` +
        `Current lines:\n${around(lines, parsed.line)}\nRetry with these anchors.`,
    );
  }
  return parsed.line;
}

export function around(lines: string[], line: number, context = CONTEXT): string {
  const from = Math.max(1, line - context);
  const to = Math.min(lines.length, line + context);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(anchoredLine(n, lines[n - 1]));
  return out.join("\n");
}

function label(index: number, count: number): string {
  return count === 1 ? "edit" : `edits[${index}]`;
}
