// The quick index: an index node read from a line's first bytes, without decoding the line.
import type { Line } from "./lines.js";
import type { IndexNode } from "./read.js";

/** Characters of a user message kept as its preview (pickers, /tree). */
export const PREVIEW = 120;

// pi (and we) write the tree fields first, so for the big entries (assistant messages, tool
// results, compactions) they can be read from the line's first bytes without decoding or
// parsing the rest; such a line is fully checked when its content is read (then a damaged one
// is reported with its line number). So are user messages whose preview can be read from their first
// bytes (quickPreview); small entries are always parsed.
const FAST_TYPES = new Set(["message", "compaction", "branch_summary", "custom", "custom_message"]);
const K_TYPE = Buffer.from('{"type":"');
const K_ID = Buffer.from(',"id":"');
const K_PARENT = Buffer.from(',"parentId":');
const K_TIME = Buffer.from(',"timestamp":"');
const K_ROLE = Buffer.from(',"message":{"role":"');

// `field` leaves the position after the value here (no tuple per call: this runs per line).
let next = 0;
type Latin1 = { latin1Slice(start: number, end: number): string };

/**
 * The values of `type` and `role` fields, as shared strings: 100,000 entries would otherwise hold
 * 200,000 copies of "message" and "assistant" (memory, and garbage collection while resuming).
 */
const KNOWN = ["message", "compaction", "branch_summary", "custom", "custom_message", "assistant", "toolResult", "user", "system"];

function known(b: Buffer, start: number, end: number): string | undefined {
  for (const k of KNOWN) {
    if (k.length !== end - start || k.charCodeAt(0) !== b[start]) continue;
    let i = 1;
    while (i < k.length && k.charCodeAt(i) === b[start + i]) i++;
    if (i === k.length) return k;
  }
  return undefined;
}

/**
 * Reads `"key":"value"` at `at`: the value as a flat string, null for `null`, undefined if absent.
 * `same` is returned instead of a new string when the value is its text (a parentId is nearly
 * always the id of the line before: one string for both, and the tree check compares pointers).
 */
function field(
  b: Buffer,
  at: number,
  end: number,
  key: Uint8Array,
  quoted = true,
  shared = false,
  same?: string,
): string | null | undefined {
  if (end - at < key.length + 4 || !startsWith(b, at, end, key)) return undefined;
  let i = at + key.length;
  if (!quoted) {
    if (b[i] === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) {
      next = i + 4;
      return null;
    }
    if (b[i] !== 0x22) return undefined;
    i++;
  }
  let close = i;
  for (; close < end && close - i <= 64; close++) {
    const c = b[close];
    if (c === 0x22) break;
    // Escapes, control characters and UTF-8 (read as latin1 it would be another string): let JSON.parse do it.
    if (c === 0x5c || c < 0x20 || c > 0x7e) return undefined;
  }
  if (b[close] !== 0x22 || close - i > 64) return undefined;
  next = close + 1;
  if (same !== undefined && isText(b, i, close, same)) return same;
  return (shared && known(b, i, close)) || (b as unknown as Latin1).latin1Slice(i, close);
}

function isText(b: Buffer, start: number, end: number, text: string): boolean {
  if (text.length !== end - start) return false;
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== b[start + k]) return false;
  return true;
}

export function quickNode(line: Line, previousId: string | undefined): IndexNode | undefined {
  const { buf: b, end } = line;
  if (b[end - 1] !== 0x7d) return undefined; // not ending in "}": let JSON.parse judge
  const type = field(b, line.start, end, K_TYPE, true, true);
  if (!type || !FAST_TYPES.has(type)) return undefined;
  const id = field(b, next, end, K_ID);
  if (!id) return undefined;
  const parentId = field(b, next, end, K_PARENT, false, false, previousId);
  if (parentId === undefined) return undefined;
  const timestamp = field(b, next, end, K_TIME);
  if (timestamp == null) return undefined;
  let role: string | undefined;
  let preview: string | undefined;
  if (type === "message") {
    const r = field(b, next, end, K_ROLE, true, true);
    if (!r) return undefined;
    role = r;
    if (r === "user") {
      preview = quickPreview(b, next, end);
      if (preview === undefined) return undefined;
    }
  }
  const node: IndexNode = { id, parentId, type, timestamp, line: line.no, offset: line.offset, length: line.length, role };
  if (preview !== undefined) node.preview = preview;
  return node;
}

const K_STRING = Buffer.from(',"content":"');
const K_PARTS = Buffer.from(',"content":[{"type":"text","text":"');
const K_LAST_PART = Buffer.from("}]");

/**
 * A user message's preview read from its bytes: the start of its content when that is a string or
 * a single text part, in plain ASCII without escapes (what else the text holds is JSON.parse's).
 */
function quickPreview(b: Buffer, at: number, end: number): string | undefined {
  const parts = startsWith(b, at, end, K_PARTS);
  if (!parts && !startsWith(b, at, end, K_STRING)) return undefined;
  const from = at + (parts ? K_PARTS : K_STRING).length;
  const stop = Math.min(end, from + PREVIEW);
  let i = from;
  for (; i < stop; i++) {
    const c = b[i];
    if (c === 0x22) break;
    if (c === 0x5c || c < 0x20 || c > 0x7e) return undefined;
  }
  // A text that ends sooner is the whole preview only if no other part follows (they are joined).
  if (i < from + PREVIEW && (b[i] !== 0x22 || (parts && !startsWith(b, i + 1, end, K_LAST_PART)))) return undefined;
  return (b as unknown as Latin1).latin1Slice(from, i);
}

function startsWith(b: Buffer, at: number, end: number, key: Uint8Array): boolean {
  if (end - at < key.length) return false;
  for (let k = 0; k < key.length; k++) if (b[at + k] !== key[k]) return false;
  return true;
}
