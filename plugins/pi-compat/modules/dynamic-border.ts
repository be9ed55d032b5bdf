// pi's DynamicBorder: a horizontal rule as wide as the terminal, painted by an optional colour.
import type { Component } from "../../../lib/tui/index.js";

export class DynamicBorder implements Component {
  constructor(private readonly paint: (text: string) => string = (t) => t) {}
  invalidate(): void {}
  render(width: number): string[] {
    return [this.paint("─".repeat(Math.max(1, width)))];
  }
}
