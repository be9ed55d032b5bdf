// First pass over a session file: validate every line, keep a small index entry per entry (tree
// fields and byte position) and drop the content, so a 100,000-entry file costs little memory.
// Problems (corrupt or torn lines) are collected, never fatal; a file that is not a session is
// refused before anything is done to it.
import { textOf } from "../../../lib/session-kit/index.js";
import { statSync } from "node:fs";
import { forEachLine, type Line } from "./lines.js";
import { PREVIEW, quickLine } from "./quick-node.js";
import type { ReadProblem, SessionEntry, SessionHeader } from "../../../contracts/session-entries.js";
import { checkEntry } from "./entry-shape.js";
import { FlatIndex } from "./flat-index.js";
import { IdTable } from "./id-table.js";
import { checkTree, resolveParents } from "./tree-check.js";
import { ENTRY_TYPES } from "./types.js";
import { holdYoungGeneration } from "./young-generation.js";

export class NotASessionError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file} is not a pi session file (${reason}); it was left untouched`);
    this.name = "NotASessionError";
  }
}

/** An entry as the index keeps it: where it is, how it links, and a little to show in lists. */
export interface IndexNode {
  id: string;
  parentId: string | null;
  type: string;
  timestamp: string;
  line: number;
  offset: number;
  length: number;
  /** The whole entry, for the small kinds (model, thinking, label, name) or once loaded. */
  entry?: SessionEntry;
  role?: string;
  /** The start of a user message's text, for pickers and /tree. */
  preview?: string;
}

export interface FileIndex {
  header: SessionHeader;
  version: number;
  /** The checked entries as nodes, when the file is not indexed as columns (see `flat`). */
  nodes: IndexNode[];
  /** The checked entries as columns with their ids' table (nodes is empty then). */
  flat?: { index: FlatIndex; table: IdTable };
  problems: ReadProblem[];
  /** Byte offset of a torn last line, to cut off before the next append. */
  tornAt?: number;
  /** The last line is complete JSON but has no newline: add one before appending. */
  missingNewline: boolean;
  /** Entries without ids (version 1): the file must be migrated before it can be indexed. */
  needsMigration: boolean;
  size: number;
}

const KEEP_WHOLE = new Set(["model_change", "thinking_level_change", "label", "session_info"]);

/** The index node of an entry at a position in the file (line -1: not written yet). */
export function indexNode(e: SessionEntry, at: { line: number; offset: number; length: number }): IndexNode {
  // The fields in quickNode's order, so the index's nodes share one shape (this runs per entry).
  const message = e.type === "message" ? (e.message as { role: string; content?: unknown }) : undefined;
  const { line, offset, length } = at;
  const node: IndexNode = {
    id: e.id,
    parentId: e.parentId,
    type: e.type,
    timestamp: e.timestamp,
    line,
    offset,
    length,
    role: message?.role,
  };
  if (message?.role === "user") node.preview = textOf(message.content).slice(0, PREVIEW);
  return node;
}

export function indexFile(file: string): FileIndex {
  let header: SessionHeader | undefined;
  const problems: ReadProblem[] = [];
  let tornAt: number | undefined;
  let missingNewline = false;
  let needsMigration = false;
  let size = 0;
  const damaged = new Map<string, string | null>();
  const bytes = fileSize(file);
  // Sized for the file (pi's lines average ~600 bytes), so the columns rarely grow.
  const index = new FlatIndex(Math.ceil(bytes / 512));
  // Until the file's first compaction every entry is decoded and kept (see `eager` below).
  let eager = true;
  // The first reads only (8 MiB: until issue 34's round eight a read could take 2 MiB, and four of
  // them were searched): a compaction comes after ~150k tokens (~0.6 MB) of history, and a file
  // never compacted is not searched through (58 MB: ~10-20 ms).
  let reads = 0;
  // While every line is decoded and kept, V8's young generation is kept from growing (young-generation.ts).
  let release: (() => void) | undefined;
  // While every line is decoded, a read's lines are decoded as one string (forEachLine).
  const onRead = (buf: Buffer, end: number) => {
    if (eager && reads++ < 8 && compactionLine(buf, end)) {
      eager = false;
      forgetEager(index.objs);
    }
    if (eager && reads === 1) release = holdYoungGeneration(bytes);
    return eager;
  };
  try {
    forEachLine(
      file,
      (line) => {
        size = line.offset + line.length + (line.terminated ? 1 : 0);
        if (isBlank(line)) return;
        // A last line without its newline may be torn anywhere, even just after a `}`: JSON.parse judges it.
        if (header && !eager && header.version === 3 && line.terminated && quickLine(line, index)) return;
        let value: unknown;
        try {
          value = JSON.parse(line.text());
        } catch {
          if (!header) throw new NotASessionError(file, `line ${line.no} is not JSON`);
          if (!line.terminated) {
            tornAt = line.offset;
            problems.push({
              line: line.no,
              message: `line ${line.no} is incomplete (a write was interrupted); it is removed before the next append`,
            });
          } else {
            problems.push({ line: line.no, message: `line ${line.no} is not valid JSON; skipped` });
          }
          return;
        }
        if (!header) {
          header = asHeader(file, value);
          return;
        }
        if (!line.terminated) missingNewline = true;
        const raw = value as { type?: unknown; id?: unknown; parentId?: unknown };
        // Entries without ids are version 1's (migrated below); in a later version such a line is damaged.
        const v1 = (header.version ?? 1) < 2;
        if (v1 && raw && typeof raw === "object" && typeof raw.type === "string" && ENTRY_TYPES.has(raw.type) && raw.id === undefined) {
          needsMigration = true;
          return;
        }
        const checked = checkEntry(value);
        if (!checked.ok) {
          problems.push({ line: line.no, message: `line ${line.no} is not a valid session entry (${checked.reason}); skipped` });
          if (raw && typeof raw.id === "string") damaged.set(raw.id, typeof raw.parentId === "string" ? raw.parentId : null);
          return;
        }
        const e = checked.entry;
        const node = indexNode(e, { line: line.no, offset: line.offset, length: line.length });
        if (e.type === "compaction" && eager) {
          eager = false;
          forgetEager(index.objs);
        }
        // Repaired entries are kept whole: the file still holds the unrepaired line.
        if (eager || KEEP_WHOLE.has(e.type) || checked.fixed) node.entry = e;
        index.pushNode(node);
      },
      onRead,
    );
  } finally {
    release?.();
  }
  if (!header) throw new NotASessionError(file, "it is empty");
  const version = header.version ?? 1;
  const done = { header, version, problems, tornAt, missingNewline, needsMigration: needsMigration || version < 3, size };
  // A file to migrate is indexed again afterwards: its tree is not checked here.
  if (needsMigration) return { ...done, nodes: index.nodes() };
  const table = IdTable.build(index.keys, index.count);
  let nodes: IndexNode[] = [];
  if (table) resolveParents(index, table, damaged, problems);
  else nodes = checkTree(index.nodes(), damaged, problems); // repeated ids (or keys): the Map check sorts them out
  problems.sort((a, b) => a.line - b.line);
  return { ...done, nodes, flat: table ? { index, table } : undefined };
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // forEachLine reports what is wrong with the file
  }
}

/**
 * A session that was never compacted is all context: every entry is sent, so every entry is
 * decoded anyway. Decoding each line as it is indexed reads and parses the file once instead of
 * indexing it from the lines' first bytes and then reading and parsing all of it again (a
 * 100,000-entry session: ~0.8 s less). At the first compaction (or the first read of the file that
 * holds one: compactionLine) the history before it is most likely behind it: what was kept of it
 * is dropped (the kept part is read back by position) and the rest of the file is indexed from the
 * lines' first bytes.
 */
function forgetEager(nodes: readonly (IndexNode | undefined)[]): void {
  // A repaired entry is repaired the same way again when it is read back (tree.ts, parseChecked).
  for (const n of nodes) if (n && !KEEP_WHOLE.has(n.type)) n.entry = undefined;
}

const COMPACTION = Buffer.from('{"type":"compaction"');

/**
 * Whether a line of `buf` (up to `end`) starts as pi writes a compaction. Then the history before it
 * is most likely behind it, so the lines of this read are indexed from their first bytes already
 * rather than decoded and dropped at the compaction (the 150k-token shape's first ~950 lines). A
 * string value cannot hold these bytes unescaped, and a line that only looks like it costs nothing
 * but a later read of the lines the context needs.
 */
function compactionLine(buf: Buffer, end: number): boolean {
  const bytes = buf.subarray(0, end); // the rest of the buffer is an earlier read's
  for (let at = bytes.indexOf(COMPACTION); at !== -1; at = bytes.indexOf(COMPACTION, at + 1)) {
    if (at === 0 || bytes[at - 1] === 0x0a) return true;
  }
  return false;
}

function isBlank(line: Line): boolean {
  for (let i = line.start; i < line.end; i++) {
    const c = line.buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

function asHeader(file: string, value: unknown): SessionHeader {
  const h = value as Partial<SessionHeader>;
  if (!h || typeof h !== "object" || h.type !== "session") throw new NotASessionError(file, "its first line is not a session header");
  if (typeof h.id !== "string") throw new NotASessionError(file, "its header has no id");
  return h as SessionHeader;
}
