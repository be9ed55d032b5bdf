// What every transcript view reads at draw time: the theme and the two global toggles.
import { padToWidth } from "../tui/text.js";
import type { BgToken, Theme } from "../tui/theme.js";

export interface ViewContext {
  theme(): Theme;
  toolsExpanded(): boolean;
  thinkingHidden(): boolean;
  cwd: string;
}

/** Pads every line (after a one-column margin) to the full width on a background colour. */
export function block(ctx: ViewContext, bg: BgToken, lines: string[], width: number): string[] {
  const t = ctx.theme();
  return lines.map((l) => t.bg(bg, padToWidth(` ${l}`, width)));
}
