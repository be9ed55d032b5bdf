// The editor's two bounded histories, kept apart from editor-model.ts: the undo stack (a run of
// typed characters undoes as one step) and the kill ring that yank and yank-pop read.

export interface Snapshot {
  lines: string[];
  row: number;
  col: number;
}

export class UndoStack {
  private readonly stack: Snapshot[] = [];
  private lastEdit: "insert" | "other" | undefined;

  /** Records the state before an edit; consecutive inserts share one step. */
  record(kind: "insert" | "other", state: Snapshot): void {
    if (kind === "insert" && this.lastEdit === "insert") return;
    this.lastEdit = kind;
    this.stack.push({ lines: [...state.lines], row: state.row, col: state.col });
    if (this.stack.length > 200) this.stack.shift();
  }

  /** The state before the last step, if any. */
  pop(): Snapshot | undefined {
    const s = this.stack.pop();
    if (s) this.lastEdit = undefined;
    return s;
  }

  /** Ends a run of inserts (the cursor moved), so the next insert is a step of its own. */
  breakRun(): void {
    this.lastEdit = undefined;
  }

  clear(): void {
    this.stack.length = 0;
  }
}

export class KillRing {
  private readonly ring: string[] = [];

  push(text: string): void {
    this.ring.push(text);
    if (this.ring.length > 30) this.ring.shift();
  }

  /** The newest kill and its index (for yank). */
  latest(): { text: string; index: number } | undefined {
    const index = this.ring.length - 1;
    return index < 0 ? undefined : { text: this.ring[index], index };
  }

  /** The kill before `index`, wrapping around (for yank-pop); none with fewer than two kills. */
  before(index: number): { text: string; index: number } | undefined {
    if (this.ring.length < 2) return undefined;
    const i = (index - 1 + this.ring.length) % this.ring.length;
    return { text: this.ring[i], index: i };
  }
}
