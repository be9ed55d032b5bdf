// The quick index: an entry's slot in the file's columns (format/flat-index.ts) read from its line's
// first bytes, without decoding the line.
import { type FlatIndex, NO_PARENT, PENDING, QUICK_ROLES, QUICK_TYPES } from "./flat-index.js";
import type { Line } from "./lines.js";
import { latin1, type TextStore } from "./text-store.js";

/** Characters of a user message kept as its preview (pickers, /tree). */
export const PREVIEW = 120;

// pi (and we) write the tree fields first, so for the big entries (assistant messages, tool
// results, compactions) they can be read from the line's first bytes without decoding or
// parsing the rest; such a line is fully checked when its content is read (then a damaged one
// is reported with its line number). So are user messages whose preview can be read from their first
// bytes (quickPreview); small entries are always parsed.
//
// This runs once per line of a session file (100,000 lines for a long one, most of its opening
// time), so it is written for the first pass of a fresh process: a few monomorphic functions
// over byte positions that write the index's columns: no object or string per line (a parentId
// that is not the previous line's id is the one string made).
const K_TYPE = Buffer.from('{"type":"');
const K_ID = Buffer.from('","id":"');
const K_PARENT = Buffer.from(',"parentId":');
const K_TIME = Buffer.from(',"timestamp":"');
const K_ROLE = Buffer.from(',"message":{"role":"');
const K_STRING = Buffer.from(',"content":"');
const K_PARTS = Buffer.from(',"content":[{"type":"text","text":"');
const K_LAST_PART = Buffer.from("}]");

/** The longest id, parentId, timestamp or role read here (a longer one is left to JSON.parse). */
const MAX_VALUE = 64;

/** The position just after `key` if the bytes at `at` are `key`, else -1. */
function after(b: Buffer, at: number, end: number, key: Buffer): number {
  const n = key.length;
  if (end - at < n) return -1;
  for (let k = 0; k < n; k++) if (b[at + k] !== key[k]) return -1;
  return at + n;
}

/**
 * The position of the quote closing a string value that starts at `from`, if the value is at most
 * `max` bytes of printable ASCII without escapes (read as latin1 it is the same string); else -1:
 * escapes, control characters and UTF-8 are JSON.parse's.
 */
function plainEnd(b: Buffer, from: number, end: number, max: number): number {
  const stop = Math.min(end, from + max + 1);
  for (let i = from; i < stop; i++) {
    const c = b[i];
    if (c === 0x22) return i;
    if (c === 0x5c || c < 0x20 || c > 0x7e) return -1;
  }
  return -1;
}

function isText(b: Buffer, start: number, end: number, text: string): boolean {
  if (text.length !== end - start) return false;
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== b[start + k]) return false;
  return true;
}

/**
 * The code of the name in bytes `start`..`end` among `names` (its index: FlatIndex's QUICK_TYPES
 * and QUICK_ROLES, whose entry 0 is none), else 0. A line of another type or role is decoded whole.
 */
function codeOf(b: Buffer, start: number, end: number, names: readonly string[]): number {
  for (let i = 1; i < names.length; i++) if (names[i].length === end - start && isText(b, start, end, names[i])) return i;
  return 0;
}

/**
 * Indexes a line from its first bytes into `index` (true), or leaves it to JSON.parse (false).
 * Its timestamp and preview stay bytes in the index's TextStore until asked for (nothing but the
 * /tree view and pickers reads them).
 */
export function quickLine(line: Line, index: FlatIndex): boolean {
  const b = line.buf;
  const end = line.end;
  if (b[end - 1] !== 0x7d) return false; // not ending in "}": let JSON.parse judge
  let at = after(b, line.start, end, K_TYPE);
  if (at < 0) return false;
  let close = plainEnd(b, at, end, MAX_VALUE);
  if (close < 0) return false;
  const type = codeOf(b, at, close, QUICK_TYPES);
  if (type === 0) return false;
  // id: not empty
  at = after(b, close, end, K_ID);
  if (at < 0) return false;
  close = plainEnd(b, at, end, MAX_VALUE);
  if (close <= at) return false;
  const idFrom = at;
  const idTo = close;
  // parentId: null or a string, nearly always the id of the line before (then no string is made)
  at = after(b, close + 1, end, K_PARENT);
  if (at < 0) return false;
  let parent = NO_PARENT;
  let parentId = "";
  if (b[at] === 0x6e && b[at + 1] === 0x75 && b[at + 2] === 0x6c && b[at + 3] === 0x6c) {
    close = at + 3;
  } else {
    if (b[at] !== 0x22) return false;
    close = plainEnd(b, at + 1, end, MAX_VALUE);
    if (close < 0) return false;
    if (index.lastIdEquals(b, at + 1, close)) parent = 0;
    else {
      parent = PENDING;
      parentId = latin1(b, at + 1, close);
    }
  }
  at = after(b, close + 1, end, K_TIME);
  if (at < 0) return false;
  close = plainEnd(b, at, end, MAX_VALUE);
  if (close < 0) return false;
  const stampFrom = at;
  const stampTo = close;
  let role = 0;
  let preview = -1;
  if (type === 1 /* message */) {
    at = after(b, close + 1, end, K_ROLE);
    if (at < 0) return false;
    close = plainEnd(b, at, end, MAX_VALUE);
    if (close <= at) return false;
    role = codeOf(b, at, close, QUICK_ROLES);
    if (role === 0) return false;
    if (role === 3 /* user */) {
      preview = quickPreview(b, close + 1, end, index.texts);
      if (preview < 0) return false;
    }
  }
  const stamp = index.texts.add(b, stampFrom, stampTo);
  index.pushQuick(line, type, role, idFrom, idTo, parent, parentId, stamp, preview);
  return true;
}

/**
 * A user message's preview read from its bytes (kept in `texts`; -1 if it cannot be): the start of
 * its content when that is a string or a single text part, in plain ASCII without escapes (what
 * else the text holds is JSON.parse's).
 */
function quickPreview(b: Buffer, at: number, end: number, texts: TextStore): number {
  let from = after(b, at, end, K_PARTS);
  const parts = from >= 0;
  if (!parts) from = after(b, at, end, K_STRING);
  if (from < 0) return -1;
  const stop = Math.min(end, from + PREVIEW);
  let i = from;
  for (; i < stop; i++) {
    const c = b[i];
    if (c === 0x22) break;
    if (c === 0x5c || c < 0x20 || c > 0x7e) return -1;
  }
  // A text that ends sooner is the whole preview only if no other part follows (they are joined).
  if (i < from + PREVIEW && (b[i] !== 0x22 || (parts && after(b, i + 1, end, K_LAST_PART) < 0))) return -1;
  return texts.add(b, from, i);
}
