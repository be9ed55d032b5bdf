// The multi-line editor's state and editing operations, free of any rendering: cursor motion by
// character, word and line, kill ring (kill/yank/yank-pop), undo, and prompt history.
import { PromptHistory } from "./prompt-history.js";

const WORD = /[\p{L}\p{N}_]/u;
const SPACE = /\s/u;
type CharClass = "space" | "word" | "punct";
const classOf = (ch: string): CharClass => (SPACE.test(ch) ? "space" : WORD.test(ch) ? "word" : "punct");

interface Snapshot { lines: string[]; row: number; col: number }

export class EditorModel {
  lines: string[] = [""];
  row = 0;
  /** Offset in the current line, in UTF-16 units, always on a code point boundary. */
  col = 0;
  private readonly undoStack: Snapshot[] = [];
  private lastEdit: "insert" | "other" | undefined;
  private readonly killRing: string[] = [];
  private lastYank: { row: number; start: number; end: number; index: number } | undefined;
  private readonly history = new PromptHistory();

  getText(): string {
    return this.lines.join("\n");
  }

  isEmpty(): boolean {
    return this.lines.length === 1 && this.lines[0] === "";
  }

  setText(text: string): void {
    this.snapshot("other");
    this.lines = text.replace(/\r\n?/g, "\n").split("\n");
    this.row = this.lines.length - 1;
    this.col = this.lines[this.row].length;
  }

  // ---- insertion ----

  insert(text: string): void {
    if (!text) return;
    this.snapshot(text.includes("\n") || text.length > 1 ? "other" : "insert");
    this.rawInsert(text);
  }

  private rawInsert(text: string): void {
    const line = this.lines[this.row];
    const parts = text.replace(/\r\n?/g, "\n").split("\n");
    const before = line.slice(0, this.col);
    const after = line.slice(this.col);
    if (parts.length === 1) {
      this.lines[this.row] = before + text + after;
      this.col += text.length;
      return;
    }
    const middle = parts.slice(1, -1);
    const last = parts[parts.length - 1];
    this.lines.splice(this.row, 1, before + parts[0], ...middle, last + after);
    this.row += parts.length - 1;
    this.col = last.length;
  }

  newLine(): void {
    this.insert("\n");
  }

  // ---- motion ----

  left(): void {
    this.lastEdit = undefined;
    if (this.col > 0) this.col = prevBoundary(this.lines[this.row], this.col);
    else if (this.row > 0) { this.row--; this.col = this.lines[this.row].length; }
  }

  right(): void {
    this.lastEdit = undefined;
    const line = this.lines[this.row];
    if (this.col < line.length) this.col = nextBoundary(line, this.col);
    else if (this.row < this.lines.length - 1) { this.row++; this.col = 0; }
  }

  /** Moves up a line; returns false on the first line (the caller may browse history). */
  up(): boolean {
    if (this.row === 0) return false;
    this.row--;
    this.col = Math.min(this.col, this.lines[this.row].length);
    return true;
  }

  down(): boolean {
    if (this.row === this.lines.length - 1) return false;
    this.row++;
    this.col = Math.min(this.col, this.lines[this.row].length);
    return true;
  }

  lineStart(): void { this.col = 0; }
  lineEnd(): void { this.col = this.lines[this.row].length; }

  wordLeft(): void {
    if (this.col === 0) return this.left();
    this.col = wordStart(this.lines[this.row], this.col);
  }

  wordRight(): void {
    const line = this.lines[this.row];
    if (this.col === line.length) return this.right();
    this.col = wordEnd(line, this.col);
  }

  /** Moves to the next (or previous) occurrence of `ch`, across lines. */
  jump(ch: string, forward: boolean): void {
    const text = this.getText();
    const at = this.offset();
    const i = forward ? text.indexOf(ch, at + 1) : text.lastIndexOf(ch, at - 1);
    if (i >= 0) this.setOffset(i);
  }

  // ---- deletion ----

  backspace(): void {
    if (this.col === 0 && this.row === 0) return;
    this.snapshot("other");
    if (this.col > 0) {
      const line = this.lines[this.row];
      const start = prevBoundary(line, this.col);
      this.lines[this.row] = line.slice(0, start) + line.slice(this.col);
      this.col = start;
    } else {
      const prevLen = this.lines[this.row - 1].length;
      this.lines[this.row - 1] += this.lines[this.row];
      this.lines.splice(this.row, 1);
      this.row--;
      this.col = prevLen;
    }
  }

  deleteForward(): void {
    const line = this.lines[this.row];
    if (this.col === line.length && this.row === this.lines.length - 1) return;
    this.snapshot("other");
    if (this.col < line.length) {
      this.lines[this.row] = line.slice(0, this.col) + line.slice(nextBoundary(line, this.col));
    } else {
      this.lines[this.row] = line + this.lines[this.row + 1];
      this.lines.splice(this.row + 1, 1);
    }
  }

  deleteWordBackward(): void {
    if (this.col === 0) return this.backspace();
    this.killRange(wordStart(this.lines[this.row], this.col), this.col);
  }

  deleteWordForward(): void {
    const line = this.lines[this.row];
    if (this.col === line.length) return this.deleteForward();
    this.killRange(this.col, wordEnd(line, this.col));
  }

  deleteToLineStart(): void {
    if (this.col === 0) return this.backspace();
    this.killRange(0, this.col);
  }

  deleteToLineEnd(): void {
    const line = this.lines[this.row];
    if (this.col === line.length) return this.deleteForward();
    this.killRange(this.col, line.length);
  }

  // ---- kill ring ----

  yank(): void {
    const text = this.killRing[this.killRing.length - 1];
    if (text === undefined) return;
    this.insertYank(text, this.killRing.length - 1);
  }

  /** Right after a yank: replaces the yanked text with the previous kill. */
  yankPop(): void {
    const y = this.lastYank;
    if (!y || this.row !== y.row || this.col !== y.end || this.killRing.length < 2) return;
    const index = (y.index - 1 + this.killRing.length) % this.killRing.length;
    // One undo step takes back the whole swap.
    this.snapshot("other");
    const line = this.lines[this.row];
    this.lines[this.row] = line.slice(0, y.start) + line.slice(y.end);
    this.col = y.start;
    this.rawInsert(this.killRing[index]);
    this.lastYank = { row: this.row, start: y.start, end: this.col, index };
  }

  // ---- undo ----

  undo(): void {
    const s = this.undoStack.pop();
    if (!s) return;
    this.lines = s.lines;
    this.row = s.row;
    this.col = s.col;
    this.lastEdit = undefined;
  }

  // ---- history ----

  /** Remembers a submitted prompt (consecutive duplicates once). */
  remember(text: string): void {
    this.history.remember(text);
  }

  /** Shows an older (-1) or newer (+1) prompt; returns false when there is none. */
  browseHistory(direction: -1 | 1): boolean {
    const text = this.history.browse(direction, () => this.getText());
    if (text === undefined) return false;
    this.setText(text);
    if (direction === -1) { this.row = 0; this.col = Math.min(this.col, this.lines[0].length); }
    return true;
  }

  clear(): void {
    this.setText("");
    this.history.reset();
  }

  // ---- internals ----

  private snapshot(kind: "insert" | "other"): void {
    this.lastYank = undefined;
    // Typing a run of characters undoes as one step.
    if (kind === "insert" && this.lastEdit === "insert") return;
    this.lastEdit = kind;
    this.undoStack.push({ lines: [...this.lines], row: this.row, col: this.col });
    if (this.undoStack.length > 200) this.undoStack.shift();
  }

  private killRange(start: number, end: number): void {
    this.snapshot("other");
    const line = this.lines[this.row];
    const killed = line.slice(start, end);
    this.lines[this.row] = line.slice(0, start) + line.slice(end);
    this.col = start;
    this.killRing.push(killed);
    if (this.killRing.length > 30) this.killRing.shift();
  }

  private insertYank(text: string, index: number): void {
    const start = this.col;
    this.insert(text);
    this.lastYank = { row: this.row, start, end: this.col, index };
  }

  private offset(): number {
    let n = 0;
    for (let r = 0; r < this.row; r++) n += this.lines[r].length + 1;
    return n + this.col;
  }

  private setOffset(offset: number): void {
    let rest = offset;
    for (let r = 0; r < this.lines.length; r++) {
      if (rest <= this.lines[r].length) { this.row = r; this.col = rest; return; }
      rest -= this.lines[r].length + 1;
    }
  }
}

function prevBoundary(line: string, col: number): number {
  const code = line.charCodeAt(col - 1);
  return col >= 2 && code >= 0xdc00 && code <= 0xdfff ? col - 2 : col - 1;
}

function nextBoundary(line: string, col: number): number {
  const code = line.charCodeAt(col);
  return code >= 0xd800 && code <= 0xdbff ? col + 2 : col + 1;
}

/** Start of the word before `col`: skip spaces, then one run of word or punctuation chars. */
function wordStart(line: string, col: number): number {
  let i = col;
  while (i > 0 && classOf(line[i - 1]) === "space") i--;
  const cls = i > 0 ? classOf(line[i - 1]) : "space";
  while (i > 0 && classOf(line[i - 1]) === cls) i--;
  return i;
}

function wordEnd(line: string, col: number): number {
  let i = col;
  while (i < line.length && classOf(line[i]) === "space") i++;
  const cls = i < line.length ? classOf(line[i]) : "space";
  while (i < line.length && classOf(line[i]) === cls) i++;
  return i;
}
