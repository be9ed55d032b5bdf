// The /settings screen: one row per item with its value, ↑/↓ to move, Enter/Space/→ for the
// next value and ← for the previous one, Esc to close. Every change is applied at once; the
// screen only draws and routes keys (the items do the work).

import { type Theme, truncateToWidth, visibleWidth, wrapText } from "../../lib/tui/index.js";
import { format, type SettingItem } from "./items.js";
import type { CustomComponent } from "../../contracts/index.js";

type KeyEvent = Parameters<NonNullable<CustomComponent["handle"]>>[0];

export class SettingsScreen implements CustomComponent {
  private selected = 0;
  private error: string | undefined;

  constructor(
    private readonly opts: {
      items: SettingItem[];
      theme: () => Theme;
      requestRender(): void;
      close(): void;
    },
  ) {}

  handle(event: KeyEvent): void {
    if (event.type !== "key") return;
    const k = event.key;
    if (k.name === "escape" || (k.ctrl && k.name === "c")) return this.opts.close();
    if (k.name === "up" || (k.ctrl && k.name === "p")) this.move(-1);
    else if (k.name === "down" || (k.ctrl && k.name === "n")) this.move(1);
    else if (k.name === "enter" || k.name === "space" || k.name === "right" || k.name === "tab") this.step(1);
    else if (k.name === "left") this.step(-1);
    else return;
    this.opts.requestRender();
  }

  render(width: number): string[] {
    const t = this.opts.theme();
    const items = this.opts.items;
    const labelWidth = Math.max(...items.map((i) => visibleWidth(i.label))) + 2;
    const lines = [t.fg("borderAccent", "─".repeat(width)), t.fg("accent", t.bold("Settings"))];
    items.forEach((item, i) => {
      const on = i === this.selected;
      const value = format(item.current());
      const row = `${on ? "› " : "  "}${item.label.padEnd(labelWidth)}${on ? t.fg("accent", value) : t.fg("muted", value)}`;
      lines.push(on ? t.bg("selectedBg", truncateToWidth(row, width)) : truncateToWidth(row, width));
    });
    const item = items[this.selected];
    if (item) {
      lines.push("");
      for (const l of wrapText(`${item.description} (${item.key}: ${item.values().map(format).join(" / ")})`, Math.max(10, width - 2)))
        lines.push(`  ${t.fg("dim", l)}`);
    }
    if (this.error) lines.push(`  ${t.fg("error", truncateToWidth(this.error, width - 2))}`);
    lines.push(t.fg("dim", "  ↑↓ move · enter/space/←→ change · esc close"));
    lines.push(t.fg("borderAccent", "─".repeat(width)));
    return lines;
  }

  private move(delta: number): void {
    const n = this.opts.items.length;
    this.selected = (this.selected + delta + n) % n;
  }

  /** The next (or previous) value, wrapping around. */
  private step(direction: 1 | -1): void {
    const item = this.opts.items[this.selected];
    const values = item.values();
    if (values.length < 2) return;
    const i = values.indexOf(item.current());
    const next = values[(i + direction + values.length) % values.length];
    try {
      item.apply(next);
      this.error = undefined;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }
}
