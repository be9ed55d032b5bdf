// Text whose every character takes one column and is a grapheme cluster by itself, so its width is
// its length and its graphemes are its characters: printable ASCII, Latin-1 and the Latin
// extensions, Greek, Cyrillic (no combining marks), general punctuation (no zero-width, bidi or
// invisible characters), arrows, box drawing, blocks and geometric shapes, and the check marks.
// Each character here is held to string-width's verdict of 1 and to having no grapheme-joining
// property by test/ui/tui-text-width.test.ts; the two emoji-presentation shapes (◽ ◾) are left out.
export const SINGLE_COLUMN =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u25fc\u25ff\u2713-\u2717]*$/;
