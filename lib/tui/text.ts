// ANSI-aware text measuring, wrapping and truncating. Widths come from string-width (East Asian
// wide characters, emoji, zero-width joiners) and wrapping from wrap-ansi, which keeps styles
// open across the line breaks it makes.
//
// Both load on first need. string-width builds an Intl.Segmenter when it loads, and a segmenter
// brings in ICU's grapheme data, ~2 MB of memory an idle session does not need: the text on its
// screen (ASCII, rules, arrows, bullets, accented letters) is single-column characters, each its
// own grapheme, measured by counting (SINGLE_COLUMN, held to string-width by tui-text-width.test.ts).
import { createRequire } from "node:module";
import stripAnsi from "strip-ansi";
import { SINGLE_COLUMN } from "./single-column.js";

export { stripAnsi };

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

const load = createRequire(import.meta.url);
let stringWidth: ((text: string) => number) | undefined;
let wrapAnsi: ((text: string, columns: number, options: { hard: boolean; trim: boolean }) => string) | undefined;
let segmenter: Intl.Segmenter | undefined;

/** Columns a string takes on screen, ignoring escape sequences. */
export function visibleWidth(text: string): number {
  if (ASCII_PRINTABLE.test(text)) return text.length; // the common case, without the library's work
  const plain = text.includes("\x1b") ? stripAnsi(text) : text;
  if (SINGLE_COLUMN.test(plain)) return plain.length;
  stringWidth ??= (load("string-width") as typeof import("string-width")).default;
  return stringWidth(text);
}

/** The grapheme clusters of `text` with their offsets; single-column text is one per character, without a segmenter. */
export function graphemes(text: string): Iterable<{ segment: string; index: number }> {
  if (SINGLE_COLUMN.test(text)) return Array.from(text, (segment, index) => ({ segment, index }));
  segmenter ??= new Intl.Segmenter();
  return segmenter.segment(text);
}

/** Hard-wraps to `width` columns (words kept whole where they fit); one entry per screen line. */
export function wrapText(text: string, width: number): string[] {
  if (width <= 0) return [""];
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (visibleWidth(line) <= width) {
      out.push(line);
      continue;
    }
    // trim:false keeps indentation; the space a break lands on is dropped from the next row.
    wrapAnsi ??= (load("wrap-ansi") as typeof import("wrap-ansi")).default;
    const rows = wrapAnsi(line, width, { hard: true, trim: false }).split("\n");
    for (let i = 0; i < rows.length; i++) out.push(i === 0 ? rows[i] : rows[i].replace(/^((?:\x1b\[[0-9;]*m)*) /, "$1"));
  }
  return out;
}

// Escape sequences are control characters by definition.
const ESCAPE = /\x1b(?:\[[0-9;:?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/y;

/**
 * Cuts a line to at most `width` columns, keeping its escape sequences, and appends `ellipsis`
 * when something was cut. Styles are reset at the end so nothing bleeds into the next line.
 */
export function truncateToWidth(text: string, width: number, ellipsis = "…"): string {
  if (visibleWidth(text) <= width) return text;
  const room = Math.max(0, width - visibleWidth(ellipsis));
  let out = "";
  let used = 0;
  let i = 0;
  while (i < text.length) {
    ESCAPE.lastIndex = i;
    const esc = ESCAPE.exec(text);
    if (esc) {
      out += esc[0];
      i += esc[0].length;
      continue;
    }
    let next = text.indexOf("\x1b", i);
    if (next < 0) next = text.length;
    for (const { segment } of graphemes(text.slice(i, next))) {
      const w = visibleWidth(segment);
      if (used + w > room) return `${out}\x1b[0m${ellipsis}\x1b[0m`;
      out += segment;
      used += w;
    }
    i = next;
  }
  return out;
}

/** Pads with spaces to exactly `width` columns (cutting when longer). */
export function padToWidth(text: string, width: number): string {
  const w = visibleWidth(text);
  if (w > width) return truncateToWidth(text, width, "");
  return text + " ".repeat(width - w);
}
