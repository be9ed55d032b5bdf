// A Theme (the functions UIs draw with) from a validated spec and the terminal's colour mode.
import { BG_TOKENS, type BgToken, COLOR_TOKENS, type ColorToken, type Theme } from "../../lib/tui/index.js";
import { sgr, type ColorMode } from "./color.js";
import type { ThemeSpec } from "./theme-file.js";

const FG_RESET = "\x1b[39m";
const BG_RESET = "\x1b[49m";

export function buildTheme(spec: ThemeSpec, mode: ColorMode): Theme {
  const codes = new Map<ColorToken, string>();
  for (const token of COLOR_TOKENS) {
    const layer = (BG_TOKENS as readonly string[]).includes(token) ? "bg" : "fg";
    codes.set(token, sgr(spec.colors[token], mode, layer));
  }
  // Re-apply our colour after any inner reset so nested styling does not end it early.
  const wrap = (open: string, reset: string, text: string) => open + text.split(reset).join(reset + open) + reset;
  return {
    name: spec.name,
    fg: (token, text) => wrap(codes.get(token)!, FG_RESET, text),
    bg: (token: BgToken, text) => wrap(codes.get(token)!, BG_RESET, text),
    code: (token) => codes.get(token)!,
    bold: (text) => `\x1b[1m${text}\x1b[22m`,
    italic: (text) => `\x1b[3m${text}\x1b[23m`,
    underline: (text) => `\x1b[4m${text}\x1b[24m`,
    strikethrough: (text) => `\x1b[9m${text}\x1b[29m`,
    inverse: (text) => `\x1b[7m${text}\x1b[27m`,
  };
}
