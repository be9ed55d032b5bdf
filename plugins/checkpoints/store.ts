// What the shadow directory remembers besides the snapshots: which user message each checkpoint
// belongs to (`index.jsonl`: the message's timestamp, the snapshot, the session), and the last
// rewind, so it can be undone even after a restart (`last-rewind.json`).
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface CheckpointRecord {
  /** The user message's timestamp (ms): the key that finds its session entry. */
  messageTimestamp: number;
  commit: string;
  sessionId: string;
}

export interface RewindRecord {
  /** The workspace just before the rewind (when files were restored). */
  commit?: string;
  /** The session leaf just before the rewind (when the conversation moved). */
  leafId?: string | null;
  sessionId: string;
  at: number;
}

export class CheckpointStore {
  private byTimestamp: Map<number, CheckpointRecord> | undefined;
  /** Records added before the file was read: they go over what it holds when it is. */
  private unread: CheckpointRecord[] = [];

  constructor(private readonly dir: string) {}

  get(messageTimestamp: number): CheckpointRecord | undefined {
    return this.load().get(messageTimestamp);
  }

  async add(record: CheckpointRecord): Promise<void> {
    // The file has a line per turn of every session of the workspace, and a print run adds one
    // record and asks for none: it is read (and parsed whole) only when a record is asked for.
    if (this.byTimestamp) this.byTimestamp.set(record.messageTimestamp, record);
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

  private load(): Map<number, CheckpointRecord> {
    if (this.byTimestamp) return this.byTimestamp;
    const map = new Map<number, CheckpointRecord>();
    const file = join(this.dir, "index.jsonl");
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    for (const line of text.split("\n")) {
      try {
        const r = JSON.parse(line) as CheckpointRecord;
        if (typeof r.messageTimestamp === "number" && typeof r.commit === "string") map.set(r.messageTimestamp, r);
      } catch {
        // a torn last line (a crash mid-append) is skipped
      }
    }
    // Added by this process, newest: whether or not their append has reached the file yet.
    for (const r of this.unread) map.set(r.messageTimestamp, r);
    this.unread = [];
    this.byTimestamp = map;
    return map;
  }
}
