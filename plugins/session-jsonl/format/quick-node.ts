// The quick index: an index node read from a line's first bytes, without decoding the line.
import type { SessionEntry } from "../../../contracts/session-entries.js";
import type { Line } from "./lines.js";
import type { IndexNode } from "./read.js";
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
// over byte positions, no object or tuple per field, the `type` and `role` strings shared.
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

/**
 * The 8 bytes at `at` as a string: pi's ids are 8 hex digits, and made in JS such a string costs
 * a third of a native `latin1Slice` call (100,000 ids a long session).
 */
function eight(b: Buffer, at: number): string {
  return String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
}

function isText(b: Buffer, start: number, end: number, text: string): boolean {
  if (text.length !== end - start) return false;
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== b[start + k]) return false;
  return true;
}

/** The entry types read quickly, as shared strings (100,000 copies of "message" otherwise). */
function quickType(b: Buffer, start: number, end: number): string | undefined {
  switch (end - start) {
    case 7:
      return isText(b, start, end, "message") ? "message" : undefined;
    case 10:
      return isText(b, start, end, "compaction") ? "compaction" : undefined;
    case 6:
      return isText(b, start, end, "custom") ? "custom" : undefined;
    case 14:
      if (isText(b, start, end, "custom_message")) return "custom_message";
      return isText(b, start, end, "branch_summary") ? "branch_summary" : undefined;
    default:
      return undefined;
  }
}

/** A message's role, shared when it is one of the four (any other role is a string of its own). */
function roleOf(b: Buffer, start: number, end: number): string {
  for (const r of ROLES) if (isText(b, start, end, r)) return r;
  return latin1(b, start, end);
}
const ROLES = ["assistant", "toolResult", "user", "system"];

/**
 * An index node read from a line's first bytes. Its timestamp and preview stay bytes in the
 * index's TextStore until asked for (nothing but the /tree view and pickers reads them).
 */
class QuickNode implements IndexNode {
  entry?: SessionEntry = undefined;
  constructor(
    public id: string,
    public parentId: string | null,
    public type: string,
    public line: number,
    public offset: number,
    public length: number,
    public role: string | undefined,
    private readonly texts: TextStore,
    private readonly stamp: number,
    private readonly shown: number,
  ) {}

  get timestamp(): string {
    return this.texts.text(this.stamp);
  }

  get preview(): string | undefined {
    return this.shown < 0 ? undefined : this.texts.text(this.shown);
  }
}

export function quickNode(line: Line, previousId: string | undefined, texts: TextStore): IndexNode | undefined {
  const b = line.buf;
  const end = line.end;
  if (b[end - 1] !== 0x7d) return undefined; // not ending in "}": let JSON.parse judge
  let at = after(b, line.start, end, K_TYPE);
  if (at < 0) return undefined;
  let close = plainEnd(b, at, end, MAX_VALUE);
  if (close < 0) return undefined;
  const type = quickType(b, at, close);
  if (type === undefined) return undefined;
  // id: not empty
  at = after(b, close, end, K_ID);
  if (at < 0) return undefined;
  close = plainEnd(b, at, end, MAX_VALUE);
  if (close <= at) return undefined;
  const id = close - at === 8 ? eight(b, at) : latin1(b, at, close);
  // parentId: null or a string, nearly always the id of the line before (one string for both,
  // and the tree check compares pointers)
  at = after(b, close + 1, end, K_PARENT);
  if (at < 0) return undefined;
  let parentId: string | null;
  if (b[at] === 0x6e && b[at + 1] === 0x75 && b[at + 2] === 0x6c && b[at + 3] === 0x6c) {
    parentId = null;
    close = at + 3;
  } else {
    if (b[at] !== 0x22) return undefined;
    close = plainEnd(b, at + 1, end, MAX_VALUE);
    if (close < 0) return undefined;
    parentId = previousId !== undefined && isText(b, at + 1, close, previousId) ? previousId : latin1(b, at + 1, close);
  }
  at = after(b, close + 1, end, K_TIME);
  if (at < 0) return undefined;
  close = plainEnd(b, at, end, MAX_VALUE);
  if (close < 0) return undefined;
  const stampFrom = at;
  const stampTo = close;
  let role: string | undefined;
  let preview = -1;
  if (type === "message") {
    at = after(b, close + 1, end, K_ROLE);
    if (at < 0) return undefined;
    close = plainEnd(b, at, end, MAX_VALUE);
    if (close <= at) return undefined;
    role = roleOf(b, at, close);
    if (role === "user") {
      preview = quickPreview(b, close + 1, end, texts);
      if (preview < 0) return undefined;
    }
  }
  const stamp = texts.add(b, stampFrom, stampTo);
  return new QuickNode(id, parentId, type, line.no, line.offset, line.length, role, texts, stamp, preview);
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
