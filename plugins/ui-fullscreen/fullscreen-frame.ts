// The full-screen frame on neo-blessed: the alternate screen with a transcript pane that keeps
// its own scroll position (PageUp/PageDown, Shift+Up/Down, the mouse wheel) and search (Ctrl+R),
// the editor and completions below it, the footer at the bottom, and dialogs drawn as an overlay
// box over the transcript. Input stays with the app's key parser; blessed only lays out and draws.
import { Writable } from "node:stream";
import { PassThrough } from "node:stream";
import type blessed from "neo-blessed";
import { type InputEvent, type Terminal, truncateToWidth } from "../../lib/tui/index.js";
import type { AppParts, Frame } from "../../contracts/index.js";
import { blessedWidgets } from "./blessed-lite.js";
import { TranscriptSearch } from "./search.js";

const MOUSE_ON = "\x1b[?1000h\x1b[?1006h";
const MOUSE_OFF = "\x1b[?1006l\x1b[?1000l";

type Screen = ReturnType<typeof blessed.screen>;
type Box = ReturnType<typeof blessed.box>;

export class FullscreenFrame implements Frame {
  readonly name = "fullscreen";
  readonly floatsOverlays = true;
  private term!: Terminal;
  private parts!: AppParts;
  private screen: Screen | undefined;
  private output!: Writable & { columns: number; rows: number };
  private boxes!: { transcript: Box; bottom: Box; overlay: Box };
  /** First transcript line shown; undefined = follow the end. */
  private top: number | undefined;
  private lastLines: string[] = [];
  private paneHeight = 1;
  private scheduled = false;
  private size = "";
  private readonly search = new TranscriptSearch();

  start(term: Terminal, parts: AppParts): void {
    this.term = term;
    this.parts = parts;
    const output = new Writable({
      write: (chunk, _enc, cb) => {
        term.write(chunk.toString());
        cb();
      },
    }) as Writable & { columns: number; rows: number; isTTY: boolean };
    Object.defineProperty(output, "columns", { get: () => term.columns });
    Object.defineProperty(output, "rows", { get: () => term.rows });
    output.isTTY = true;
    this.output = output;
    // Keys come from the app's parser; blessed gets an input that never speaks.
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    // UTF-8 throughout, as the inline UI writes: forceUnicode keeps blessed from turning "·" and
    // "─" into ASCII when LANG does not name UTF-8, and brokenACS from switching to the DEC line
    // drawing charset (which tmux capture-pane and some terminals show as "qqqq").
    const widgets = blessedWidgets();
    this.screen = widgets.screen({
      input,
      output,
      smartCSR: true,
      fullUnicode: true,
      forceUnicode: true,
      terminal: "xterm-256color",
      warnings: false,
      autoPadding: false,
    });
    this.screen.tput.brokenACS = true;
    const box = (o: Record<string, unknown>) =>
      widgets.box({ parent: this.screen, left: 0, width: "100%", tags: false, wrap: false, ...o });
    this.boxes = {
      transcript: box({ top: 0, height: 1 }),
      bottom: box({ top: 1, height: 1 }),
      overlay: box({ top: 1, height: 1, border: { type: "line" }, hidden: true }),
    };
    term.write(MOUSE_ON);
    this.size = `${term.columns}x${term.rows}`;
    this.renderNow();
    // blessed buffers a render's output until a setImmediate; the boot's later stages (the WARM
    // indexes, watchers) would run before it and the first frame waited for them (~60-100 ms).
    this.screen.program.flush();
  }

  requestRender(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.renderNow();
    });
  }

  renderNow(): void {
    const screen = this.screen;
    if (!screen) return;
    const size = `${this.term.columns}x${this.term.rows}`;
    if (size !== this.size) {
      this.size = size;
      this.output.emit("resize");
    }
    const w = this.term.columns;
    const h = this.term.rows;
    const t = this.parts.theme();
    const cut = (lines: string[], width: number) => lines.map((l) => truncateToWidth(l, width));
    const footer = this.parts.footer.render(w);
    const searchLine = this.search.active
      ? [
          t.fg("accent", "search: ") +
            this.search.query +
            t.inverse(" ") +
            t.fg("muted", `  ${this.search.status}  enter: previous match · esc: close`),
        ]
      : [];
    let bottom = [...searchLine, ...this.parts.bottom.render(w), ...footer];
    bottom = bottom.slice(Math.max(0, bottom.length - (h - 3)));
    this.paneHeight = Math.max(1, h - bottom.length);
    const lines = this.parts.transcript.render(w);
    this.lastLines = lines;
    const maxTop = Math.max(0, lines.length - this.paneHeight);
    if (this.top !== undefined && this.top >= maxTop) this.top = undefined;
    const top = this.top ?? maxTop;
    let shown = lines.slice(top, top + this.paneHeight);
    if (this.search.match !== undefined && this.search.match >= top && this.search.match < top + this.paneHeight) {
      shown = [...shown];
      shown[this.search.match - top] = t.bg("selectedBg", shown[this.search.match - top]);
    }
    if (this.top !== undefined) {
      const below = lines.length - (top + this.paneHeight);
      shown[shown.length - 1] = t.fg(
        "warning",
        `── ${below} more line${below === 1 ? "" : "s"} below · pagedown / wheel to scroll, ctrl+r to search ──`,
      );
    }
    const b = this.boxes;
    b.transcript.height = this.paneHeight;
    b.transcript.setContent(cut(shown, w).join("\n"));
    b.bottom.top = this.paneHeight;
    b.bottom.height = bottom.length;
    b.bottom.setContent(cut(bottom, w).join("\n"));
    const overlay = this.parts.overlay();
    if (overlay) {
      const ow = Math.min(w, Math.max(30, Math.floor(w * 0.8)));
      const inner = overlay.render(ow - 2);
      const oh = Math.min(this.paneHeight, inner.length + 2);
      b.overlay.width = ow;
      b.overlay.height = oh;
      b.overlay.left = Math.floor((w - ow) / 2);
      b.overlay.top = Math.max(0, Math.floor((this.paneHeight - oh) / 2));
      b.overlay.setContent(cut(inner.slice(Math.max(0, inner.length - (oh - 2))), ow - 2).join("\n"));
      b.overlay.show();
    } else b.overlay.hide();
    screen.render();
  }

  handle(event: InputEvent): boolean {
    if (event.type !== "key") return false;
    const k = event.key;
    const keys = this.parts.keys;
    if (this.search.active) return this.searchKey(event);
    if (this.parts.overlay()) return false;
    if (keys.matches(k, "app.transcript.search")) {
      this.search.open();
      return true;
    }
    const step = k.name.startsWith("wheel") ? 3 : k.name.startsWith("page") ? Math.max(1, this.paneHeight - 2) : 1;
    if (keys.matches(k, "app.transcript.scrollUp")) return this.scroll(-step);
    if (keys.matches(k, "app.transcript.scrollDown")) return this.scroll(step);
    return false;
  }

  reset(): void {
    this.screen?.alloc();
  }

  stop(): void {
    if (!this.screen) return;
    this.term.write(MOUSE_OFF);
    this.screen.destroy();
    this.screen = undefined;
  }

  private scroll(delta: number): boolean {
    const maxTop = Math.max(0, this.lastLines.length - this.paneHeight);
    const next = Math.max(0, (this.top ?? maxTop) + delta);
    this.top = next >= maxTop ? undefined : next;
    return true;
  }

  private searchKey(event: InputEvent & { type: "key" }): boolean {
    const k = event.key;
    if (k.name === "escape" || (k.ctrl && k.name === "c")) this.search.close();
    else if (k.name === "enter" || this.parts.keys.matches(k, "app.transcript.search")) {
      const from = this.search.match ?? this.top ?? this.lastLines.length;
      const found = this.search.next(this.lastLines, from);
      if (found !== undefined) this.top = Math.max(0, found - Math.floor(this.paneHeight / 2));
    } else if (k.name === "backspace") this.search.query = this.search.query.slice(0, -1);
    else if (k.text) this.search.query += k.text;
    return true;
  }
}
