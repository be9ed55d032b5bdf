// The multi-line editor's state and editing operations, free of any rendering: cursor motion by
// character, word and line, kill ring (kill/yank/yank-pop), undo, prompt history, and large
// pastes and images held as atomic markers (see editor-attachments.ts; the undo stack and kill
// ring are in editor-stacks.ts).
import { EditorAttachments, type EditorImage, type Submission } from "./editor-attachments.js";
import { KillRing, UndoStack } from "./editor-stacks.js";
import { nextBoundary, offsetOf, positionAt, prevBoundary, wordEnd, wordStart } from "./editor-words.js";
import { PromptHistory } from "./prompt-history.js";

export class EditorModel {
  lines: string[] = [""];
  row = 0;
  /** Offset in the current line, in UTF-16 units, always on a code point boundary. */
  col = 0;
  private readonly undoStack = new UndoStack();
  private readonly killRing = new KillRing();
  private lastYank: { row: number; start: number; end: number; index: number } | undefined;
  private readonly history = new PromptHistory();
  /** Large pastes and images behind the markers in the text. */
  readonly attachments = new EditorAttachments();

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

  /** A bracketed paste: control characters dropped; a large one becomes a `[paste #N …]` marker. */
  paste(text: string): void {
    const clean = text.replace(/\r\n?/g, "\n").replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
    this.insert(this.attachments.addPaste(clean) ?? clean);
  }

  /** Attaches an image to the prompt being written, shown as `[image #N]` at the cursor. */
  attachImage(image: EditorImage): void {
    this.insert(this.attachments.addImage(image));
  }

  /** The text with large pastes expanded (what the prompt will say). */
  expandedText(): string {
    return this.attachments.expandPastes(this.getText());
  }

  /**
   * Takes the prompt for sending: pastes expanded, the images still marked in the text, and the
   * expanded text remembered in history. The editor is left empty, its attachments dropped.
   */
  submit(): Submission {
    const out = this.attachments.submission(this.getText());
    this.remember(out.text);
    this.clear();
    this.attachments.clear();
    // Undo past a submit would bring back markers whose content is gone.
    this.undoStack.clear();
    return out;
  }

  left(): void {
    this.undoStack.breakRun();
    if (this.col > 0)
      this.col = this.attachments.markerEndingAt(this.lines[this.row], this.col)?.[0] ?? prevBoundary(this.lines[this.row], this.col);
    else if (this.row > 0) {
      this.row--;
      this.col = this.lines[this.row].length;
    }
  }

  right(): void {
    this.undoStack.breakRun();
    const line = this.lines[this.row];
    if (this.col < line.length)
      this.col = this.attachments.markerStartingAt(this.lines[this.row], this.col)?.[1] ?? nextBoundary(line, this.col);
    else if (this.row < this.lines.length - 1) {
      this.row++;
      this.col = 0;
    }
  }

  /** Moves up a line; returns false on the first line (the caller may browse history). */
  up(): boolean {
    if (this.row === 0) return false;
    this.row--;
    this.col = Math.min(this.col, this.lines[this.row].length);
    this.snap();
    return true;
  }

  down(): boolean {
    if (this.row === this.lines.length - 1) return false;
    this.row++;
    this.col = Math.min(this.col, this.lines[this.row].length);
    this.snap();
    return true;
  }

  lineStart(): void {
    this.col = 0;
  }
  lineEnd(): void {
    this.col = this.lines[this.row].length;
  }

  wordLeft(): void {
    if (this.col === 0) return this.left();
    this.col = wordStart(this.lines[this.row], this.col, this.markers());
  }

  wordRight(): void {
    const line = this.lines[this.row];
    if (this.col === line.length) return this.right();
    this.col = wordEnd(line, this.col, this.markers());
  }

  /** Moves to the next (or previous) occurrence of `ch`, across lines. */
  jump(ch: string, forward: boolean): void {
    const text = this.getText();
    const at = offsetOf(this.lines, this.row, this.col);
    const i = forward ? text.indexOf(ch, at + 1) : text.lastIndexOf(ch, at - 1);
    if (i >= 0) {
      Object.assign(this, positionAt(this.lines, i));
      this.snap();
    }
  }

  backspace(): void {
    if (this.col === 0 && this.row === 0) return;
    this.snapshot("other");
    if (this.col > 0) {
      const line = this.lines[this.row];
      const start = this.attachments.markerEndingAt(this.lines[this.row], this.col)?.[0] ?? prevBoundary(line, this.col);
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
      this.lines[this.row] =
        line.slice(0, this.col) +
        line.slice(this.attachments.markerStartingAt(this.lines[this.row], this.col)?.[1] ?? nextBoundary(line, this.col));
    } else {
      this.lines[this.row] = line + this.lines[this.row + 1];
      this.lines.splice(this.row + 1, 1);
    }
  }

  deleteWordBackward(): void {
    if (this.col === 0) return this.backspace();
    this.killRange(wordStart(this.lines[this.row], this.col, this.markers()), this.col);
  }

  deleteWordForward(): void {
    const line = this.lines[this.row];
    if (this.col === line.length) return this.deleteForward();
    this.killRange(this.col, wordEnd(line, this.col, this.markers()));
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

  yank(): void {
    const kill = this.killRing.latest();
    if (kill) this.insertYank(kill.text, kill.index);
  }

  /** Right after a yank: replaces the yanked text with the previous kill. */
  yankPop(): void {
    const y = this.lastYank;
    const prev = y && this.row === y.row && this.col === y.end ? this.killRing.before(y.index) : undefined;
    if (!y || !prev) return;
    // One undo step takes back the whole swap.
    this.snapshot("other");
    const line = this.lines[this.row];
    this.lines[this.row] = line.slice(0, y.start) + line.slice(y.end);
    this.col = y.start;
    this.rawInsert(prev.text);
    this.lastYank = { row: this.row, start: y.start, end: this.col, index: prev.index };
  }

  undo(): void {
    const s = this.undoStack.pop();
    if (!s) return;
    this.lines = s.lines;
    this.row = s.row;
    this.col = s.col;
  }

  /** Remembers a submitted prompt (consecutive duplicates once). */
  remember(text: string): void {
    this.history.remember(text);
  }

  /** Shows an older (-1) or newer (+1) prompt; returns false when there is none. */
  browseHistory(direction: -1 | 1): boolean {
    const text = this.history.browse(direction, () => this.getText());
    if (text === undefined) return false;
    this.setText(text);
    if (direction === -1) {
      this.row = 0;
      this.col = Math.min(this.col, this.lines[0].length);
      this.snap();
    }
    return true;
  }

  clear(): void {
    this.setText("");
    this.history.reset();
  }

  private markers(): [number, number][] {
    return this.attachments.markers(this.lines[this.row]);
  }

  /** Keeps the cursor out of a marker's inside (after moving between lines or jumping). */
  private snap(): void {
    const inside = this.markers().find(([start, end]) => this.col > start && this.col < end);
    if (inside) this.col = inside[0];
  }

  private snapshot(kind: "insert" | "other"): void {
    this.lastYank = undefined;
    this.undoStack.record(kind, this);
  }

  private killRange(start: number, end: number): void {
    this.snapshot("other");
    const line = this.lines[this.row];
    const killed = line.slice(start, end);
    this.lines[this.row] = line.slice(0, start) + line.slice(end);
    this.col = start;
    this.killRing.push(killed);
  }

  private insertYank(text: string, index: number): void {
    const start = this.col;
    this.insert(text);
    this.lastYank = { row: this.row, start, end: this.col, index };
  }
}
