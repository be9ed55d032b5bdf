// The append-only writer. Nothing touches the disk until the first assistant message (pi's lazy
// creation); then every entry is one write of one full line. Before the first append to a file
// that was opened, a torn last line is cut off (it is never fused with the new line); a file
// deleted under us is recreated with its header and the entries we still hold. A file that cannot
// be written (read-only folder or file) is reported once and the session goes on in memory.
import { appendFileSync, existsSync, mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SessionEntry, SessionHeader } from "../../../contracts/session-entries.js";

export interface FileRepair {
  tornAt?: number;
  missingNewline?: boolean;
}

export class SessionFile {
  private pending: SessionEntry[] = [];
  private created: boolean;
  private repair: FileRepair | undefined;
  /** Set when writing is off (opened read-only, or a write failed): the reason. */
  readOnly: string | undefined;

  constructor(
    readonly path: string,
    private readonly header: SessionHeader,
    opts: { exists: boolean; repair?: FileRepair },
    private readonly report: (message: string) => void,
  ) {
    this.created = opts.exists;
    this.repair = opts.repair;
  }

  get persisted(): boolean {
    return this.created;
  }

  /** Queues or writes one entry; `flush` forces creation (an assistant message arrived). */
  append(entry: SessionEntry, flush: boolean, survivors: () => SessionEntry[]): void {
    if (this.readOnly) return;
    try {
      this.write(entry, flush, survivors);
    } catch (error) {
      this.readOnly = (error as Error).message;
      this.report(`could not write ${this.path} (${this.readOnly}); this session goes on in memory and nothing more of it is saved`);
    }
  }

  private write(entry: SessionEntry, flush: boolean, survivors: () => SessionEntry[]): void {
    if (!this.created) {
      this.pending.push(entry);
      if (flush) this.create(this.pending);
      return;
    }
    if (!existsSync(this.path)) {
      this.report(`session file ${this.path} was deleted; recreated it with its header and the current conversation`);
      this.create(survivors());
      return;
    }
    this.fixTail();
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
  }

  /** Writes the file now (used when forking or cloning, where content exists from the start). */
  createWith(entries: SessionEntry[]): void {
    if (!this.readOnly) this.create(entries);
  }

  private create(entries: SessionEntry[]): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const lines = [this.header, ...entries].map((e) => JSON.stringify(e)).join("\n");
    writeFileSync(this.path, `${lines}\n`);
    this.pending = [];
    this.created = true;
    this.repair = undefined;
  }

  private fixTail(): void {
    const r = this.repair;
    if (!r) return;
    this.repair = undefined;
    if (r.tornAt !== undefined) {
      truncateSync(this.path, r.tornAt);
      this.report(`removed the incomplete last line of ${this.path} before appending`);
    } else if (r.missingNewline) {
      appendFileSync(this.path, "\n");
    }
  }
}
