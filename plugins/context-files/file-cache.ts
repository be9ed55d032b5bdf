// Reading small instruction files on every request without paying for it: a file is re-read only
// when its identity, size or modification time changed since the last read, so an edited AGENTS.md
// reaches the very next request while an unchanged one costs a single stat.
// The stat is synchronous, and a missing file is an answer, not an error: a request looks for four
// names in every directory from / to the cwd (~24 files, most of them missing), and the promise
// and the Error object of an asynchronous ENOENT cost ~30 µs each of the main thread, every turn.
import { type Stats, statSync } from "node:fs";
import { readFile } from "node:fs/promises";

interface Entry {
  key: string;
  content: string;
}

export type ReadOutcome = { kind: "missing" } | { kind: "file"; content: string } | { kind: "error"; message: string };

export class FileCache {
  private readonly entries = new Map<string, Entry>();

  async read(path: string): Promise<ReadOutcome> {
    let info: Stats | undefined;
    try {
      info = statSync(path, { throwIfNoEntry: false });
    } catch (error) {
      this.entries.delete(path);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "error", message: (error as Error).message };
    }
    if (!info) {
      this.entries.delete(path);
      return { kind: "missing" };
    }
    if (!info.isFile()) return { kind: "missing" }; // a directory named AGENTS.md is not one
    const key = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    const cached = this.entries.get(path);
    if (cached?.key === key) return { kind: "file", content: cached.content };
    try {
      const content = await readFile(path, "utf8");
      this.entries.set(path, { key, content });
      return { kind: "file", content };
    } catch (error) {
      this.entries.delete(path);
      return { kind: "error", message: (error as Error).message };
    }
  }
}
