// The theme used when no "themes" service is present: no colours, only text attributes.
import type { Theme } from "./theme.js";

export const plainTheme: Theme = {
  name: "plain",
  fg: (_token, text) => text,
  bg: (_token, text) => text,
  code: () => "",
  bold: (text) => `\x1b[1m${text}\x1b[22m`,
  italic: (text) => `\x1b[3m${text}\x1b[23m`,
  underline: (text) => `\x1b[4m${text}\x1b[24m`,
  strikethrough: (text) => `\x1b[9m${text}\x1b[29m`,
  inverse: (text) => `\x1b[7m${text}\x1b[27m`,
};
