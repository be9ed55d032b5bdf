// Inline differential rendering into the terminal's normal scrollback (no alternate screen).
// Each frame diffs the component tree's lines against the last frame and rewrites only the
// changed range; lines that already scrolled off the top cannot be reached, so a change there
// (or a resize) repaints the visible screen instead. Scrollback is never cleared. Every frame
// is wrapped in synchronized output (CSI ?2026h/l) so terminals show it at once, flicker-free.
import type { Component } from "./component.js";
import type { Terminal } from "./terminal.js";
import { truncateToWidth, visibleWidth } from "./text.js";

const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";
const CLEAR_LINE = "\x1b[2K";
const RESET = "\x1b[0m";

export interface RenderStats {
  frames: number;
  fullRedraws: number;
  bytes: number;
}

export class InlineRenderer {
  private prev: string[] = [];
  private width = 0;
  private rows = 0;
  /** Content line the hardware cursor is on (always the last line after a frame). */
  private cursor = 0;
  /** The furthest content line ever drawn: the screen's bottom is at or below it. */
  private maxRow = 0;
  private scheduled = false;
  private started = false;
  readonly stats: RenderStats = { frames: 0, fullRedraws: 0, bytes: 0 };

  constructor(
    private readonly term: Terminal,
    private readonly root: Component,
  ) {}

  /** Coalesces many changes into one frame on the next turn of the event loop. */
  requestRender(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.started) this.render();
    });
  }

  start(): void {
    this.started = true;
    this.term.write("\x1b[?25l");
    this.render();
  }

  /** Leaves the cursor on a fresh line below the content, visible again. */
  stop(): void {
    if (!this.started) return;
    this.render();
    this.started = false;
    this.term.write(`\r\n\x1b[?25h`);
  }

  /** The screen was used by someone else (an external editor): repaint it fully next frame. */
  reset(): void {
    this.width = -1;
  }

  render(): void {
    const width = this.term.columns;
    const rows = this.term.rows;
    const lines = this.root.render(width);
    if (lines.length === 0) lines.push("");
    let out: string;
    if (this.stats.frames === 0) out = this.first(lines, width);
    else if (width !== this.width || rows !== this.rows) out = this.repaint(lines, width, rows, true);
    else out = this.diff(lines, width, rows);
    this.width = width;
    this.rows = rows;
    this.prev = lines;
    if (!out) return;
    this.stats.frames++;
    this.stats.bytes += out.length;
    this.term.write(SYNC_START + out + SYNC_END);
  }

  private line(text: string, width: number): string {
    return CLEAR_LINE + (visibleWidth(text) > width ? truncateToWidth(text, width) : text) + RESET;
  }

  private first(lines: string[], width: number): string {
    this.cursor = this.maxRow = lines.length - 1;
    return lines.map((l) => this.line(l, width)).join("\r\n");
  }

  private diff(lines: string[], width: number, rows: number): string {
    const prev = this.prev;
    const n = Math.max(lines.length, prev.length);
    // A container root tells how many leading lines it kept from the last frame: skip those.
    const hint = (this.root as { unchangedPrefix?: number }).unchangedPrefix ?? 0;
    let first = Math.min(hint, lines.length, prev.length);
    while (first < n && lines[first] === prev[first]) first++;
    if (first === n) return "";
    const firstVisible = Math.max(0, this.maxRow - rows + 1);
    if (first < firstVisible) return this.repaint(lines, width, rows, false);
    // An append starts below the cursor's line: rewrite from the cursor's line, which is on screen.
    first = Math.min(first, this.cursor);
    let out = this.moveTo(first);
    if (lines.length === prev.length) {
      // Same height: rewrite only up to the last changed line, then return to the bottom.
      let last = n - 1;
      while (last > first && lines[last] === prev[last]) last--;
      out += this.writeRange(lines, first, last, width);
      if (last < lines.length - 1) out += `\x1b[${lines.length - 1 - last}B\r`;
      this.cursor = lines.length - 1;
      return out;
    }
    out += this.writeRange(lines, first, lines.length - 1, width);
    if (lines.length < prev.length) out += "\x1b[J"; // the old, longer frame's tail
    this.cursor = lines.length - 1;
    this.maxRow = Math.max(this.maxRow, this.cursor);
    return out;
  }

  /** Repaints what fits on screen; content above it stays in scrollback as it was. */
  private repaint(lines: string[], width: number, rows: number, resized: boolean): string {
    this.stats.fullRedraws++;
    let out: string;
    if (resized) out = "\x1b[H\x1b[2J";
    else out = this.moveTo(Math.max(0, this.maxRow - rows + 1)) + "\x1b[J";
    const start = Math.max(0, lines.length - rows);
    out += this.writeRange(lines, start, lines.length - 1, width);
    this.cursor = this.maxRow = lines.length - 1;
    return out;
  }

  private moveTo(row: number): string {
    const up = this.cursor - row;
    this.cursor = row;
    return up > 0 ? `\x1b[${up}A\r` : "\r";
  }

  private writeRange(lines: string[], from: number, to: number, width: number): string {
    let out = "";
    for (let i = from; i <= to; i++) {
      if (i > from) out += "\r\n";
      out += this.line(lines[i], width);
    }
    return out;
  }
}
