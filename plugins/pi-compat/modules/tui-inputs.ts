// pi-tui's interactive pieces with pi-tui's shapes: Input (one-line text field) and SelectList
// (items, maxVisible, theme; onSelect/onCancel), driven by raw terminal input via handleInput.
import type { Component } from "../../../lib/tui/index.js";
import { fuzzyFilter } from "../../../lib/tui/index.js";
import { KeyParser, type InputEvent } from "../../../lib/tui/index.js";
import { truncateToWidth } from "../../../lib/tui/index.js";

function events(parser: KeyParser, data: string): InputEvent[] {
  const out = parser.feed(data);
  return parser.pending ? [...out, ...parser.flush()] : out;
}

export class Input implements Component {
  focused = false;
  onSubmit?: (value: string) => void;
  onEscape?: () => void;
  private value = "";
  private cursor = 0;
  private readonly parser = new KeyParser();

  getValue(): string {
    return this.value;
  }
  setValue(value: string): void {
    this.value = value;
    this.cursor = value.length;
  }
  invalidate(): void {}

  handleInput(data: string): void {
    for (const e of events(this.parser, data)) {
      if (e.type === "paste") {
        this.insert(e.text.replace(/\n/g, " "));
        continue;
      }
      const k = e.key;
      if (k.name === "enter") this.onSubmit?.(this.value);
      else if (k.name === "escape" || (k.ctrl && k.name === "c")) this.onEscape?.();
      else if (k.name === "backspace" && this.cursor > 0) {
        this.value = this.value.slice(0, this.cursor - 1) + this.value.slice(this.cursor);
        this.cursor--;
      } else if (k.name === "delete") this.value = this.value.slice(0, this.cursor) + this.value.slice(this.cursor + 1);
      else if (k.name === "left") this.cursor = Math.max(0, this.cursor - 1);
      else if (k.name === "right") this.cursor = Math.min(this.value.length, this.cursor + 1);
      else if (k.name === "home" || (k.ctrl && k.name === "a")) this.cursor = 0;
      else if (k.name === "end" || (k.ctrl && k.name === "e")) this.cursor = this.value.length;
      else if (k.text && !k.ctrl && !k.alt) this.insert(k.text);
    }
  }

  render(width: number): string[] {
    const shown = this.focused
      ? `${this.value.slice(0, this.cursor)}\x1b[7m${this.value[this.cursor] ?? " "}\x1b[27m${this.value.slice(this.cursor + 1)}`
      : this.value;
    return [truncateToWidth(`> ${shown}`, width)];
  }

  private insert(text: string): void {
    this.value = this.value.slice(0, this.cursor) + text + this.value.slice(this.cursor);
    this.cursor += text.length;
  }
}

export interface SelectItem {
  value: string;
  label: string;
  description?: string;
}
export interface SelectListTheme {
  selectedPrefix?(text: string): string;
  selectedText?(text: string): string;
  description?(text: string): string;
  scrollInfo?(text: string): string;
  noMatch?(text: string): string;
}

export class SelectList implements Component {
  onSelect?: (item: SelectItem) => void;
  onCancel?: () => void;
  onSelectionChange?: (item: SelectItem) => void;
  private shown: SelectItem[];
  private selected = 0;
  private readonly parser = new KeyParser();

  constructor(
    private readonly items: SelectItem[],
    private readonly maxVisible = 10,
    private readonly theme: SelectListTheme = {},
  ) {
    this.shown = items;
  }

  setFilter(filter: string): void {
    this.shown = filter ? fuzzyFilter(filter, this.items, (i) => i.label) : this.items;
    this.selected = 0;
  }
  setSelectedIndex(index: number): void {
    this.selected = Math.max(0, Math.min(index, this.shown.length - 1));
  }
  getSelectedItem(): SelectItem | null {
    return this.shown[this.selected] ?? null;
  }
  invalidate(): void {}

  handleInput(data: string): void {
    for (const e of events(this.parser, data)) {
      if (e.type !== "key") continue;
      const k = e.key;
      if (k.name === "up") this.move(-1);
      else if (k.name === "down") this.move(1);
      else if (k.name === "enter") {
        const item = this.getSelectedItem();
        if (item) this.onSelect?.(item);
      } else if (k.name === "escape" || (k.ctrl && k.name === "c")) this.onCancel?.();
    }
  }

  render(width: number): string[] {
    const t = this.theme;
    if (!this.shown.length) return [(t.noMatch ?? String)("  No matching items")];
    const start = Math.max(0, Math.min(this.selected - Math.floor(this.maxVisible / 2), this.shown.length - this.maxVisible));
    const rows = this.shown.slice(start, start + this.maxVisible).map((item, i) => {
      const chosen = start + i === this.selected;
      const prefix = chosen ? (t.selectedPrefix ?? String)("→ ") : "  ";
      const label = chosen ? (t.selectedText ?? String)(item.label) : item.label;
      const desc = item.description ? `  ${(t.description ?? String)(item.description)}` : "";
      return truncateToWidth(prefix + label + desc, width);
    });
    if (this.shown.length > this.maxVisible) rows.push((t.scrollInfo ?? String)(`  (${this.selected + 1}/${this.shown.length})`));
    return rows;
  }

  private move(delta: number): void {
    if (!this.shown.length) return;
    this.selected = (this.selected + delta + this.shown.length) % this.shown.length;
    this.onSelectionChange?.(this.shown[this.selected]);
  }
}
