// A normalised view of a file's text that remembers where each of its characters came from, so a
// match found in the view can be mapped back to an exact span of the original. That is what lets
// edit match loosely (CRLF, trailing spaces, typographic quotes) yet replace only the matched
// bytes and leave the rest of the file untouched.

export interface TextView {
  text: string;
  /**
   * map[i] is the original index of text[i]; map[text.length] is the original length. Absent when
   * the view is the original itself (the common LF file), to spare a copy of a large file.
   */
  map?: Uint32Array;
}

/**
 * Always folds CRLF to LF (the "\n" maps to the "\r", so a span ending before a line break excludes
 * the whole "\r\n"). With `fuzzy`, also folds typographic characters to ASCII and drops trailing
 * whitespace on each line.
 */
export function buildView(original: string, fuzzy: boolean): TextView {
  if (!fuzzy && !original.includes("\r\n")) return { text: original };
  const parts: string[] = [];
  const map = new Uint32Array(original.length + 1);
  let n = 0;
  // Line by line: folding keeps each character's position, so a line maps onto a run of offsets.
  for (let pos = 0; ; ) {
    const nl = original.indexOf("\n", pos);
    const end = nl === -1 ? original.length : nl;
    const crlf = nl > pos && original[nl - 1] === "\r";
    const line = original.slice(pos, crlf ? end - 1 : end);
    const kept = fuzzy ? foldLine(line) : line;
    parts.push(kept);
    for (let k = 0; k < kept.length; k++) map[n++] = pos + k;
    if (nl === -1) break;
    parts.push("\n");
    map[n++] = crlf ? nl - 1 : nl;
    pos = nl + 1;
  }
  map[n] = original.length;
  return { text: parts.join(""), map: map.subarray(0, n + 1) };
}

/** One line (no line break) folded to ASCII look-alikes, without trailing whitespace. */
export function foldLine(line: string): string {
  return line.replace(FOLDABLE, foldChar).replace(/[ \t]+$/, "");
}

/** The same normalisation applied to a search string (the model's oldText). */
export function normalise(text: string, fuzzy: boolean): string {
  return buildView(text, fuzzy).text;
}

/** Maps a [start, end) span of the view back to the original text. */
export function originalSpan(view: TextView, start: number, end: number): { start: number; end: number } {
  if (!view.map) return { start, end };
  return { start: view.map[start], end: view.map[end] };
}

// Characters models tend to "improve" when copying code: typographic quotes and dashes, and the
// many Unicode spaces. Each folds to the ASCII character it stands in for.
const FOLDS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u00A0": " ",
  "\u1680": " ",
  "\u202F": " ",
  "\u205F": " ",
  "\u3000": " ",
};

const FOLDABLE = /[\u2018-\u201F\u2010-\u2015\u2212\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= 0x2000 && code <= 0x200a) return " "; // en/em/thin/hair spaces and friends
  return FOLDS[ch] ?? ch;
}
