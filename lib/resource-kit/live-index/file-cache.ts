// Parsed files, re-read only when their size or mtime changes, with each file's last good value:
// an edit that breaks a file keeps serving what it was before, and says so. Problems are
// reported once per distinct set, not on every rebuild.
import { readFileSync, statSync } from "node:fs";

export interface Parsed<T> {
  value?: T;
  problems: string[];
}
export interface CachedFile<T> extends Parsed<T> {
  keptLastGood: boolean;
}

interface Entry<T> {
  stamp: string;
  parsed: Parsed<T>;
}

export class FileCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly lastGood = new Map<string, T>();
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly parse: (path: string, text: string) => Parsed<T>,
    private readonly report: (path: string, problems: string[]) => void,
  ) {}

  read(path: string): CachedFile<T> | undefined {
    let stamp: string;
    try {
      const s = statSync(path);
      stamp = `${s.size}:${s.mtimeMs}:${s.ino}`;
    } catch {
      return undefined; // gone since the directory was listed
    }
    let entry = this.entries.get(path);
    if (entry?.stamp !== stamp) {
      entry = { stamp, parsed: this.load(path) };
      this.entries.set(path, entry);
    }
    const { value, problems } = entry.parsed;
    if (value !== undefined) this.lastGood.set(path, value);
    const kept = value === undefined ? this.lastGood.get(path) : undefined;
    const shown = kept === undefined ? problems : [...problems, "keeping the last good version until the file is fixed"];
    this.once(path, shown);
    return { value: value ?? kept, problems: shown, keptLastGood: kept !== undefined };
  }

  /** Forgets files that are no longer found (a deleted skill disappears, with its last good value). */
  prune(present: Set<string>): void {
    for (const map of [this.entries, this.lastGood, this.reported]) {
      for (const path of map.keys()) if (!present.has(path)) map.delete(path);
    }
  }

  private load(path: string): Parsed<T> {
    try {
      return this.parse(path, readFileSync(path, "utf8"));
    } catch (error) {
      return { problems: [`cannot be read: ${(error as Error).message}`] };
    }
  }

  private once(path: string, problems: string[]): void {
    const key = problems.join("\n");
    if ((this.reported.get(path) ?? "") === key) return;
    this.reported.set(path, key);
    if (problems.length) this.report(path, problems);
  }
}
