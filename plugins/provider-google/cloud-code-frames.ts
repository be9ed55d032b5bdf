// Cloud Code Assist wraps each Gemini frame: `{"response": {...}, "traceId": "...", ...}`. The
// Gemini decoder reads the inner frame as text (its same-shape fast path skips JSON.parse for
// frames that repeat the last one's shape), so the inner object is cut out of the text rather
// than parsed and written again: a parse and a stringify per streamed token made these sign-ins
// five times slower to decode than Gemini's own API.

const PREFIX = '{"response":';

/**
 * The frame's `response` object as text; undefined when the frame is not a wrapped one (an error
 * frame, which comes unwrapped, or one that is not JSON: the decoder reports it as it is).
 */
export function innerFrame(data: string): string | undefined {
  return cutInner(data) ?? reserialized(data);
}

/** The common shape, `{"response":` first, cut out of the text; undefined for anything else. */
function cutInner(data: string): string | undefined {
  if (!data.startsWith(PREFIX)) return undefined;
  let start = PREFIX.length;
  while (isSpace(data.charCodeAt(start))) start++;
  if (data[start] !== "{") return undefined;
  const end = valueEnd(data, start);
  if (end < 0) return undefined;
  // What follows the response is the wrapper's other members, then its closing brace.
  let rest = end;
  while (isSpace(data.charCodeAt(rest))) rest++;
  if (data[data.length - 1] !== "}" || (data[rest] !== "," && rest !== data.length - 1)) return undefined;
  // A second "response" member would win in JSON.parse: leave such a frame to it.
  if (data.includes('"response"', end)) return undefined;
  return data.slice(start, end);
}

/** Any other layout (spaces, members in another order): parsed and written again, the slow way. */
function reserialized(data: string): string | undefined {
  if (!data.includes('"response"')) return undefined;
  try {
    const response = (JSON.parse(data) as { response?: unknown } | null)?.response;
    return typeof response === "object" && response !== null && !Array.isArray(response) ? JSON.stringify(response) : undefined;
  } catch {
    return undefined;
  }
}

/** The index after the object or array that opens at `start`; -1 when it does not close. */
function valueEnd(data: string, start: number): number {
  // A plain loop over char codes: a regex stepping from one structural character to the next
  // cost twice as much per frame.
  let depth = 0;
  for (let at = start; at < data.length; at++) {
    const code = data.charCodeAt(at);
    if (code === QUOTE) {
      at = stringEnd(data, at);
      if (at < 0) return -1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return at + 1;
  }
  return -1;
}

const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The index of the quote that closes the string opening at `open` (skipping escaped quotes). */
function stringEnd(data: string, open: number): number {
  for (let quote = data.indexOf('"', open + 1); quote >= 0; quote = data.indexOf('"', quote + 1)) {
    let slashes = 0;
    while (data.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote;
  }
  return -1;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
