// A picker: a title, a filter typed by the user (fuzzy), a scrolling list, Enter to choose and
// Esc to cancel. Used for the model selector, /theme, and the UI service's select().
import type { Component } from "./component.js";
import { fuzzyFilter } from "./fuzzy.js";
import type { Keybindings } from "./keybindings.js";
import type { InputEvent } from "./keys.js";
import type { Theme } from "./theme.js";
import { truncateToWidth, wrapText } from "./text.js";

export interface SelectItem {
  value: string;
  label: string;
  description?: string;
}

export class SelectList implements Component {
  private filter = "";
  private selected = 0;
  private shown: SelectItem[];

  constructor(
    private readonly opts: {
      title: string;
      items: SelectItem[];
      theme: () => Theme;
      keys: Keybindings;
      maxVisible: number;
      /** Index of the item selected at first (e.g. the current model). */
      initial?: number;
      /** Lines drawn under the title, above the items (a permission dialog's diff). */
      body?(width: number): string[];
      onDone(value: string | undefined): void;
    },
  ) {
    this.shown = opts.items;
    this.selected = Math.max(0, Math.min(opts.initial ?? 0, opts.items.length - 1));
  }

  handle(event: InputEvent): void {
    if (event.type === "paste") return this.setFilter(this.filter + event.text.replace(/\s+/g, " "));
    const k = event.key;
    const keys = this.opts.keys;
    if (keys.matches(k, "tui.select.cancel")) return this.opts.onDone(undefined);
    if (keys.matches(k, "tui.select.confirm")) return this.opts.onDone(this.shown[this.selected]?.value);
    if (keys.matches(k, "tui.select.up")) return this.move(-1);
    if (keys.matches(k, "tui.select.down")) return this.move(1);
    if (keys.matches(k, "tui.select.pageUp")) return this.move(-this.opts.maxVisible);
    if (keys.matches(k, "tui.select.pageDown")) return this.move(this.opts.maxVisible);
    if (k.name === "backspace") return this.setFilter(this.filter.slice(0, -1));
    if (k.text) return this.setFilter(this.filter + k.text);
  }

  render(width: number): string[] {
    const t = this.opts.theme();
    const max = this.opts.maxVisible;
    const first = Math.max(0, Math.min(this.selected - Math.floor(max / 2), this.shown.length - max));
    // A title's first line is the heading; further lines (a confirm's message) wrap below it. A
    // rendered line never holds a newline: the renderer counts one row per line.
    const [heading, ...message] = this.opts.title.split("\n");
    const lines = [
      t.fg("borderAccent", "─".repeat(width)),
      truncateToWidth(
        t.fg("accent", t.bold(heading)) + (this.filter ? t.fg("muted", `  filter: ${this.filter}`) : t.fg("dim", "  (type to filter)")),
        width,
      ),
      ...message.flatMap((l) => wrapText(l, width)),
      ...(this.opts.body?.(width) ?? []),
    ];
    if (!this.shown.length) lines.push(t.fg("muted", "  no matches"));
    this.shown.slice(first, first + max).forEach((item, i) => {
      const on = first + i === this.selected;
      const text = `${on ? "› " : "  "}${item.label}${item.description ? `  ${t.fg("muted", item.description)}` : ""}`;
      lines.push(on ? t.bg("selectedBg", t.fg("accent", truncateToWidth(text, width))) : truncateToWidth(text, width));
    });
    lines.push(
      t.fg("dim", `  ↑↓ move · enter select · esc cancel${this.shown.length > max ? `  (${this.selected + 1}/${this.shown.length})` : ""}`),
    );
    lines.push(t.fg("borderAccent", "─".repeat(width)));
    return lines;
  }

  private move(delta: number): void {
    if (!this.shown.length) return;
    this.selected = Math.max(0, Math.min(this.shown.length - 1, this.selected + delta));
  }

  private setFilter(filter: string): void {
    this.filter = filter;
    this.shown = filter ? fuzzyFilter(filter, this.opts.items, (i) => `${i.label} ${i.description ?? ""}`) : this.opts.items;
    this.selected = 0;
  }
}
