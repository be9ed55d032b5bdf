// Where characters and words begin and end in one editor line: code point boundaries (a cursor
// never splits a surrogate pair) and word runs, with markers (large pastes, images) as one word;
// and a cursor's offset in the whole text and back.

const WORD = /[\p{L}\p{N}_]/u;
const SPACE = /\s/u;
type CharClass = "space" | "word" | "punct";
const classOf = (ch: string): CharClass => (SPACE.test(ch) ? "space" : WORD.test(ch) ? "word" : "punct");

export function prevBoundary(line: string, col: number): number {
  const code = line.charCodeAt(col - 1);
  return col >= 2 && code >= 0xdc00 && code <= 0xdfff ? col - 2 : col - 1;
}

export function nextBoundary(line: string, col: number): number {
  const code = line.charCodeAt(col);
  return code >= 0xd800 && code <= 0xdbff ? col + 2 : col + 1;
}

/** Start of the word before `col`: skip spaces, then one marker or run of word or punctuation chars. */
export function wordStart(line: string, col: number, markers: [number, number][]): number {
  let i = col;
  while (i > 0 && classOf(line[i - 1]) === "space") i--;
  const marker = markers.find(([, end]) => end === i);
  if (marker) return marker[0];
  const cls = i > 0 ? classOf(line[i - 1]) : "space";
  while (i > 0 && classOf(line[i - 1]) === cls) i--;
  return i;
}

export function wordEnd(line: string, col: number, markers: [number, number][]): number {
  let i = col;
  while (i < line.length && classOf(line[i]) === "space") i++;
  const marker = markers.find(([start]) => start === i);
  if (marker) return marker[1];
  const cls = i < line.length ? classOf(line[i]) : "space";
  while (i < line.length && classOf(line[i]) === cls) i++;
  return i;
}

/** The cursor's offset in the lines joined by "\n". */
export function offsetOf(lines: string[], row: number, col: number): number {
  let n = 0;
  for (let r = 0; r < row; r++) n += lines[r].length + 1;
  return n + col;
}

/** The row and column of an offset in the lines joined by "\n" (none past the end). */
export function positionAt(lines: string[], offset: number): { row: number; col: number } | undefined {
  let rest = offset;
  for (let r = 0; r < lines.length; r++) {
    if (rest <= lines[r].length) return { row: r, col: rest };
    rest -= lines[r].length + 1;
  }
  return undefined;
}
