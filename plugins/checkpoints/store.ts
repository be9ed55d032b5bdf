// What the shadow directory remembers besides the snapshots: which user message each checkpoint
// belongs to (`index.jsonl`, a line per record), and the last rewind, so it can be undone even
// after a restart (`last-rewind.json`).
//
// A snapshot is taken before the first tool call of a turn that may change files, not for every
// message (index.ts), so the index holds three kinds of line:
// - a snapshot: the commit, the session, when it was taken, and the user message it is for (none
//   for one taken before a tool call of a run that no user message started: an anchor in time);
// - a skipped turn: a user message whose turn took no snapshot. Nothing of its session changed a
//   file until its session's next snapshot, so its files are those of the first snapshot taken after
//   it (by any session: an earlier one has fewer changes of others in it), or the workspace now;
// - a failed snapshot: its session's tools ran on unprotected, so no earlier skipped turn of that
//   session can be resolved past it.
// Lines from before lazy snapshots (a snapshot per message, no `takenAt`) read as snapshots taken
// when their message was sent.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface CheckpointRecord {
  /** The user message's timestamp (ms): the key that finds its session entry. */
  messageTimestamp: number;
  commit: string;
  sessionId: string;
  /** When the snapshot was taken (ms); absent in records written before snapshots were lazy. */
  takenAt?: number;
}

/** A snapshot no user message owns (taken before a tool call of a run without one). */
export type AnchorRecord = Omit<CheckpointRecord, "messageTimestamp"> & { takenAt: number };
export interface SkippedRecord {
  messageTimestamp: number;
  sessionId: string;
  skipped: true;
}
export interface FailedRecord {
  messageTimestamp?: number;
  sessionId: string;
  takenAt: number;
  failed: true;
}
export type IndexRecord = CheckpointRecord | AnchorRecord | SkippedRecord | FailedRecord;

export interface RewindRecord {
  /** The workspace just before the rewind (when files were restored). */
  commit?: string;
  /** The session leaf just before the rewind (when the conversation moved). */
  leafId?: string | null;
  sessionId: string;
  at: number;
}

/** When a record's snapshot was taken (or failed): records from before lazy snapshots say when their message was sent. */
export function timeOf(r: CheckpointRecord | AnchorRecord | FailedRecord): number {
  return r.takenAt ?? (r as CheckpointRecord).messageTimestamp;
}

/** A record's place in time: when its snapshot was taken or failed. */
interface Timed {
  at: number;
  record: CheckpointRecord | AnchorRecord | FailedRecord;
}

export class CheckpointStore {
  private byTimestamp: Map<number, IndexRecord> | undefined;
  /** Snapshots and failures by time, oldest first (built when a skipped turn is first resolved). */
  private timeline: Timed[] | undefined;
  /** Every snapshot and failure (including those no message owns), for the timeline. */
  private all: (CheckpointRecord | AnchorRecord | FailedRecord)[] = [];
  /** Records added before the file was read: they go over what it holds when it is. */
  private unread: IndexRecord[] = [];

  constructor(private readonly dir: string) {}

  /** The record of a user message: its snapshot, or that its turn took none or failed. */
  get(messageTimestamp: number): IndexRecord | undefined {
    return this.load().byTimestamp.get(messageTimestamp);
  }

  /**
   * The first snapshot taken at or after `at` (ms), by any session, unless a snapshot of
   * `sessionId` failed before it (then that failure); undefined when there is neither.
   */
  next(at: number, sessionId: string): CheckpointRecord | AnchorRecord | FailedRecord | undefined {
    const timeline = this.load().timeline;
    let lo = 0;
    let hi = timeline.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (timeline[mid].at < at) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < timeline.length; i++) {
      const { record } = timeline[i];
      if (!("failed" in record) || record.sessionId === sessionId) return record;
    }
    return undefined;
  }

  async add(record: IndexRecord): Promise<void> {
    // The file has a line per turn of every session of the workspace, and a print run adds one
    // record and asks for none: it is read (and parsed whole) only when a record is asked for.
    if (this.byTimestamp) this.remember(record);
    else this.unread.push(record);
    // One small synchronous append (open, write, close): the last step of a print run's snapshot,
    // which its exit waits for, without three thread-pool round trips.
    appendFileSync(join(this.dir, "index.jsonl"), `${JSON.stringify(record)}\n`);
  }

  lastRewind(): RewindRecord | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dir, "last-rewind.json"), "utf8")) as RewindRecord;
    } catch {
      return undefined;
    }
  }

  async setLastRewind(record: RewindRecord | undefined): Promise<void> {
    const file = join(this.dir, "last-rewind.json");
    if (record) await writeFile(file, `${JSON.stringify(record)}\n`);
    else await rm(file, { force: true });
  }

  private load(): { byTimestamp: Map<number, IndexRecord>; timeline: Timed[] } {
    if (!this.byTimestamp) {
      this.byTimestamp = new Map();
      const file = join(this.dir, "index.jsonl");
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      for (const line of text.split("\n")) {
        try {
          const r = parseRecord(JSON.parse(line));
          if (r) this.remember(r);
        } catch {
          // a torn last line (a crash mid-append) is skipped
        }
      }
      // Added by this process, newest: whether or not their append has reached the file yet.
      for (const r of this.unread) this.remember(r);
      this.unread = [];
    }
    if (!this.timeline) {
      const timeline: Timed[] = [];
      for (const r of this.all) timeline.push({ at: timeOf(r), record: r });
      this.timeline = timeline.sort((a, b) => a.at - b.at);
    }
    return { byTimestamp: this.byTimestamp, timeline: this.timeline };
  }

  private remember(r: IndexRecord): void {
    if ("messageTimestamp" in r && r.messageTimestamp !== undefined) this.byTimestamp?.set(r.messageTimestamp, r);
    if (!("skipped" in r)) {
      this.all.push(r);
      this.timeline = undefined;
    }
  }
}

/** A line of the index as a record, or undefined for one this version does not know (or junk). */
function parseRecord(r: unknown): IndexRecord | undefined {
  if (typeof r !== "object" || r === null) return undefined;
  const o = r as Record<string, unknown>;
  const keyed = typeof o.messageTimestamp === "number";
  if (typeof o.commit === "string" && (keyed || typeof o.takenAt === "number")) return o as unknown as CheckpointRecord;
  if (o.skipped === true && keyed) return o as unknown as SkippedRecord;
  if (o.failed === true && typeof o.takenAt === "number") return o as unknown as FailedRecord;
  return undefined;
}
