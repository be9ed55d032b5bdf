// Reading the one string a hot SSE event carries without JSON.parse. A long answer is one event
// per token, and parsing each event's JSON was ~40% of decoding it. Each wire format checks that
// an event is exactly the shape it expects (fixed text around one string) and takes the string
// as is when it needs no decoding; any other event, including the same event with an escape in
// its text, goes through JSON.parse as before, so nothing is read differently.

/**
 * The end (index of the closing quote) of the JSON string whose content starts at `from`, when
 * that content is its own decoding: no backslash and no control character. -1 otherwise.
 */
export function plainStringEnd(data: string, from: number): number {
  const end = data.indexOf('"', from);
  if (end < 0) return -1;
  for (let i = from; i < end; i++) {
    const c = data.charCodeAt(i);
    if (c < 0x20 || c === 0x5c) return -1;
  }
  return end;
}

/** The index after a run of ASCII digits starting at `from` (at least one), or -1. */
export function digitsEnd(data: string, from: number): number {
  let i = from;
  while (i < data.length && data.charCodeAt(i) >= 0x30 && data.charCodeAt(i) <= 0x39) i++;
  return i > from ? i : -1;
}

/**
 * Whether `data[from, to)` holds only whole scalar members of one object: no nested value, no
 * escape, balanced quotes (so `to` is not inside a string) and no `error` member. What a decoder
 * reads could not hide there.
 */
export function scalarsOnly(data: string, from: number, to: number): boolean {
  let quotes = 0;
  for (let i = from; i < to; i++) {
    const c = data.charCodeAt(i);
    if (c === 0x22) quotes++;
    else if (c === 0x7b || c === 0x5b || c === 0x5c) return false; // { [ \
  }
  return quotes % 2 === 0 && !data.slice(from, to).includes('"error"');
}
