// LSP positions (0-based line, UTF-16 character; JavaScript strings count the same units) and
// the model's way of naming a place: a 1-based line and the symbol's name on it (models count
// columns badly), or a 1-based column.
import type { Position, TextEdit } from "vscode-languageserver-protocol";

/** Offsets where each line starts (after \n, \r\n or \r, as LSP counts lines). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

export function offsetAt(text: string, starts: number[], p: Position): number {
  if (p.line >= starts.length) return text.length;
  const end = p.line + 1 < starts.length ? starts[p.line + 1]! : text.length;
  return Math.min(starts[p.line]! + p.character, end);
}

/** The text of line `n` (0-based) without its line break. */
export function lineText(text: string, starts: number[], n: number): string {
  if (n < 0 || n >= starts.length) return "";
  const end = n + 1 < starts.length ? starts[n + 1]! : text.length;
  return text.slice(starts[n], end).replace(/\r?\n$|\r$/, "");
}

/** The edits applied at once (each range taken in the original text); overlapping edits are refused. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const starts = lineStarts(text);
  const spans = edits
    .map((e) => ({ from: offsetAt(text, starts, e.range.start), to: offsetAt(text, starts, e.range.end), text: e.newText }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  let out = "";
  let at = 0;
  for (const s of spans) {
    if (s.from < at) throw new Error("the server's edits overlap");
    out += text.slice(at, s.from) + s.text;
    at = s.to;
  }
  return out + text.slice(at);
}

const IDENT = /[\p{L}\p{N}_$]/u;

/**
 * The position the model means: `symbol` on `line` (its first whole-word occurrence; with no line,
 * its first in the file), or `line`:`column`. Throws a message for the model when it is not there.
 */
export function positionOf(text: string, where: { line?: number; column?: number; symbol?: string }, shown: string): Position {
  const starts = lineStarts(text);
  const { line, column, symbol } = where;
  if (line !== undefined && (line < 1 || line > starts.length))
    throw new Error(`${shown} has ${starts.length} lines; line ${line} is not one of them`);
  if (symbol) {
    const lines = line !== undefined ? [line - 1] : starts.map((_, i) => i);
    for (const n of lines) {
      const character = wordIndex(lineText(text, starts, n), symbol);
      if (character !== -1) return { line: n, character };
    }
    const at = line !== undefined ? `line ${line} of ${shown} (${JSON.stringify(lineText(text, starts, line - 1).trim())})` : shown;
    throw new Error(`"${symbol}" does not occur in ${at}`);
  }
  if (line !== undefined && column !== undefined) return { line: line - 1, character: column - 1 };
  throw new Error("say where: line and symbol (or line and column)");
}

function wordIndex(lineText: string, word: string): number {
  for (let i = lineText.indexOf(word); i !== -1; i = lineText.indexOf(word, i + 1)) {
    const before = lineText[i - 1];
    const after = lineText[i + word.length];
    if ((!before || !IDENT.test(before)) && (!after || !IDENT.test(after))) return i;
  }
  return -1;
}
