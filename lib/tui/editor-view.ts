// Draws an EditorModel: a rule above and below (coloured by the caller, e.g. by thinking level),
// the text soft-wrapped to the width, a block cursor drawn in inverse video (the hardware cursor
// stays hidden), and scrolling when the text is taller than the space it may take. A paste or
// image marker is never split across rows.
import type { Component } from "./component.js";
import type { EditorModel } from "./editor-model.js";
import { graphemes, visibleWidth } from "./text.js";

export interface EditorViewOptions {
  /** Colours the rules above and below. */
  border(text: string): string;
  /** Most text rows shown before scrolling. */
  maxRows(): number;
  /** A hint shown in the top rule (e.g. "queued: 2"), already styled. */
  label?(): string;
  focused?(): boolean;
}

interface VisualRow {
  text: string;
  cursorAt?: number;
}

export class EditorView implements Component {
  private scroll = 0;

  constructor(
    private readonly model: EditorModel,
    private readonly opts: EditorViewOptions,
  ) {}

  render(width: number): string[] {
    const rows: VisualRow[] = [];
    let cursorRow = 0;
    const focused = this.opts.focused?.() ?? true;
    this.model.lines.forEach((line, r) => {
      const markers = this.model.attachments.markers(line);
      const wrapped = wrapLine(line, width, r === this.model.row && focused ? this.model.col : undefined, markers);
      for (const w of wrapped) {
        if (w.cursorAt !== undefined) cursorRow = rows.length;
        rows.push(w);
      }
    });
    const max = Math.max(1, this.opts.maxRows());
    if (cursorRow < this.scroll) this.scroll = cursorRow;
    if (cursorRow >= this.scroll + max) this.scroll = cursorRow - max + 1;
    if (this.scroll > Math.max(0, rows.length - max)) this.scroll = Math.max(0, rows.length - max);
    const shown = rows.slice(this.scroll, this.scroll + max);
    const label = this.opts.label?.() ?? "";
    const more = rows.length > max ? ` ${this.scroll + shown.length}/${rows.length} ` : "";
    const top = this.opts.border("─".repeat(Math.max(0, width - visibleWidth(label) - more.length))) + label + this.opts.border(more);
    const bottom = this.opts.border("─".repeat(width));
    return [top, ...shown.map((v) => drawCursor(v)), bottom];
  }
}

/** Splits one logical line into screen rows of at most `width` columns. */
function wrapLine(line: string, width: number, cursor: number | undefined, markers: [number, number][]): VisualRow[] {
  const rows: VisualRow[] = [];
  let text = "";
  let used = 0;
  let offset = 0;
  let cursorAt: number | undefined;
  for (const segment of segments(line, markers, width)) {
    const w = visibleWidth(segment);
    if (used + w > width) {
      rows.push({ text, cursorAt });
      text = "";
      used = 0;
      cursorAt = undefined;
    }
    if (cursor === offset) cursorAt = text.length;
    text += segment;
    used += w;
    offset += segment.length;
  }
  if (cursor !== undefined && cursor >= offset) {
    // The cursor after the last character needs a column of its own.
    if (used + 1 > width) {
      rows.push({ text, cursorAt });
      text = "";
      cursorAt = undefined;
    }
    cursorAt = text.length;
  }
  rows.push({ text, cursorAt });
  return rows;
}

/** Graphemes, with each marker that fits in a row as one segment. */
function* segments(line: string, markers: [number, number][], width: number): Generator<string> {
  let skipTo = 0;
  for (const { segment, index } of graphemes(line)) {
    if (index < skipTo) continue;
    const marker = markers.find(([start, end]) => start === index && end - start <= width);
    if (marker) {
      skipTo = marker[1];
      yield line.slice(marker[0], marker[1]);
    } else yield segment;
  }
}

function drawCursor(row: VisualRow): string {
  if (row.cursorAt === undefined) return row.text;
  const before = row.text.slice(0, row.cursorAt);
  const rest = row.text.slice(row.cursorAt);
  const first = rest ? [...graphemes(rest)][0].segment : " ";
  return `${before}\x1b[7m${first}\x1b[27m${rest.slice(rest ? first.length : 0)}`;
}
