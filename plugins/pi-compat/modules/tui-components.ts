// pi-tui's components as pi extensions construct them (`new Text(s, 1, 0)`, `box.addChild(c)`),
// drawn with pi-kernel's own terminal helpers (lib/tui). Each keeps pi-tui's constructor shape.
import type { Component } from "../../../lib/tui/index.js";
import { MarkdownRenderer } from "../../../lib/tui/index.js";
import { plainTheme } from "../../../lib/tui/index.js";
import { padToWidth, truncateToWidth, visibleWidth, wrapText } from "../../../lib/tui/index.js";
import type { Theme } from "../../../lib/tui/index.js";

export type { Component };
type Paint = (text: string) => string;

/** Pads lines horizontally and vertically, then paints each full-width line with `bg`. */
function frame(lines: string[], width: number, padX: number, padY: number, bg?: Paint): string[] {
  const pad = " ".repeat(padX);
  const blank = Array.from({ length: padY }, () => "");
  const out = [...blank, ...lines.map((l) => pad + l), ...blank];
  return bg ? out.map((l) => bg(padToWidth(l, width))) : out;
}

export class Text implements Component {
  constructor(
    private text = "",
    private paddingX = 1,
    private paddingY = 1,
    private bg?: Paint,
  ) {}
  setText(text: string): void {
    this.text = text;
  }
  setCustomBgFn(bg?: Paint): void {
    this.bg = bg;
  }
  invalidate(): void {}
  render(width: number): string[] {
    if (!this.text.trim()) return [];
    const inner = Math.max(1, width - this.paddingX * 2);
    const lines = this.text
      .split("\n")
      .flatMap((l) => wrapText(l, inner))
      .map((l) => l.replace(/ +$/, ""));
    return frame(lines, width, this.paddingX, this.paddingY, this.bg);
  }
}

export class TruncatedText implements Component {
  constructor(
    private text = "",
    private paddingX = 0,
    private paddingY = 0,
  ) {}
  invalidate(): void {}
  render(width: number): string[] {
    const first = this.text.split("\n")[0] ?? "";
    return frame([truncateToWidth(first, Math.max(1, width - this.paddingX * 2))], width, this.paddingX, this.paddingY);
  }
}

export class Spacer implements Component {
  constructor(private lines = 1) {}
  setLines(lines: number): void {
    this.lines = lines;
  }
  invalidate(): void {}
  render(): string[] {
    return Array.from({ length: this.lines }, () => "");
  }
}

export class Container implements Component {
  children: Component[] = [];
  addChild(c: Component): void {
    this.children.push(c);
  }
  removeChild(c: Component): void {
    const i = this.children.indexOf(c);
    if (i >= 0) this.children.splice(i, 1);
  }
  clear(): void {
    this.children = [];
  }
  invalidate(): void {
    for (const c of this.children) c.invalidate?.();
  }
  render(width: number): string[] {
    return this.children.flatMap((c) => c.render(width));
  }
}

export class Box extends Container {
  constructor(
    private paddingX = 1,
    private paddingY = 1,
    private bg?: Paint,
  ) {
    super();
  }
  setBgFn(bg?: Paint): void {
    this.bg = bg;
  }
  override render(width: number): string[] {
    const inner = Math.max(1, width - this.paddingX * 2);
    const lines = this.children.flatMap((c) => c.render(inner));
    if (!lines.length) return [];
    return frame(lines, width, this.paddingX, this.paddingY, this.bg);
  }
}

/** pi-tui's Markdown(text, paddingX, paddingY, markdownTheme): our renderer, plain colours. */
export class Markdown implements Component {
  private readonly renderer: MarkdownRenderer;
  constructor(
    private text: string,
    private paddingX = 1,
    private paddingY = 0,
    theme?: unknown,
  ) {
    const t = isTheme(theme) ? theme : plainTheme;
    this.renderer = new MarkdownRenderer(() => t);
  }
  setText(text: string): void {
    this.text = text;
  }
  invalidate(): void {}
  render(width: number): string[] {
    const lines = this.renderer.render(this.text, Math.max(1, width - this.paddingX * 2));
    return frame(lines, width, this.paddingX, this.paddingY);
  }
}

function isTheme(value: unknown): value is Theme {
  return typeof value === "object" && value !== null && typeof (value as Theme).fg === "function" && "name" in value;
}

export { visibleWidth, truncateToWidth };

/** Word-wraps text that may hold ANSI styling (pi-tui's wrapTextWithAnsi). */
export function wrapTextWithAnsi(text: string, width: number): string[] {
  return text.split("\n").flatMap((l) => wrapText(l, width));
}
