// pi-tui's SettingsList: labelled values; Enter/Space cycles an item's `values` (or opens its
// submenu), Up/Down move, Escape cancels; with `enableSearch`, typing filters by label.
import { truncateToWidth, visibleWidth } from "../../../lib/tui/index.js";
import type { Component } from "../../../lib/tui/index.js";
import { fuzzyFilter } from "./tui-fuzzy.js";
import { matchesKey } from "./tui-keys.js";

export interface SettingItem {
  id: string;
  label: string;
  description?: string;
  currentValue: string;
  values?: string[];
  submenu?: (currentValue: string, done: (selectedValue?: string) => void) => Component & { handleInput?(data: string): void };
}
export interface SettingsListTheme {
  label: (text: string, selected: boolean) => string;
  value: (text: string, selected: boolean) => string;
  description: (text: string) => string;
  cursor: string;
  hint: (text: string) => string;
}

export class SettingsList implements Component {
  private selected = 0;
  private query = "";
  private submenu: (Component & { handleInput?(data: string): void }) | undefined;

  constructor(
    private readonly items: SettingItem[],
    private readonly maxVisible: number,
    private readonly theme: SettingsListTheme,
    private readonly onChange: (id: string, newValue: string) => void,
    private readonly onCancel: () => void,
    private readonly options: { enableSearch?: boolean } = {},
  ) {}

  private shown(): SettingItem[] {
    return this.query ? fuzzyFilter(this.items, this.query, (i) => i.label) : this.items;
  }
  updateValue(id: string, newValue: string): void {
    const item = this.items.find((i) => i.id === id);
    if (item) item.currentValue = newValue;
  }
  selectItem(id: string): void {
    const at = this.shown().findIndex((i) => i.id === id);
    if (at >= 0) this.selected = at;
  }
  invalidate(): void {}

  render(width: number): string[] {
    if (this.submenu) return this.submenu.render(width);
    const t = this.theme;
    const items = this.shown();
    const lines = this.options.enableSearch ? [truncateToWidth(`> ${this.query}`, width), ""] : [];
    if (!items.length) return [...lines, t.hint("  No matching settings")];
    const labelWidth = Math.min(30, Math.max(...items.map((i) => visibleWidth(i.label))));
    const start = Math.max(0, Math.min(this.selected - Math.floor(this.maxVisible / 2), items.length - this.maxVisible));
    items.slice(start, start + this.maxVisible).forEach((item, i) => {
      const on = start + i === this.selected;
      const prefix = on ? t.cursor : " ".repeat(visibleWidth(t.cursor));
      const label = t.label(item.label.padEnd(labelWidth), on);
      lines.push(truncateToWidth(`${prefix}${label}  ${t.value(item.currentValue, on)}`, width));
    });
    if (items.length > this.maxVisible) lines.push(t.hint(`  (${this.selected + 1}/${items.length})`));
    const description = items[this.selected]?.description;
    if (description) lines.push("", truncateToWidth(t.description(`  ${description}`), width));
    lines.push(
      "",
      t.hint(
        this.options.enableSearch ? "  Type to search · Enter/Space to change · Esc to cancel" : "  Enter/Space to change · Esc to cancel",
      ),
    );
    return lines;
  }

  handleInput(data: string): void {
    if (this.submenu) return this.submenu.handleInput?.(data);
    const items = this.shown();
    if (matchesKey(data, "up")) this.selected = items.length ? (this.selected - 1 + items.length) % items.length : 0;
    else if (matchesKey(data, "down")) this.selected = items.length ? (this.selected + 1) % items.length : 0;
    else if (matchesKey(data, "enter") || data === " ") this.activate(items[this.selected]);
    else if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) this.onCancel();
    else if (this.options.enableSearch && matchesKey(data, "backspace")) this.setQuery(this.query.slice(0, -1));
    else if (this.options.enableSearch && /^[^\x00-\x1f\x7f]+$/.test(data)) this.setQuery(this.query + data);
  }

  private setQuery(query: string): void {
    this.query = query;
    this.selected = 0;
  }

  private activate(item: SettingItem | undefined): void {
    if (!item) return;
    if (item.submenu) {
      this.submenu = item.submenu(item.currentValue, (value) => {
        this.submenu = undefined;
        if (value === undefined) return;
        item.currentValue = value;
        this.onChange(item.id, value);
      });
      return;
    }
    if (!item.values?.length) return;
    const next = item.values[(item.values.indexOf(item.currentValue) + 1) % item.values.length];
    item.currentValue = next;
    this.onChange(item.id, next);
  }
}
