// Reading small instruction files on every request without paying for it: a file is re-read only
// when its identity, size or modification time changed since the last read, so an edited AGENTS.md
// reaches the very next request while an unchanged one costs a single stat.
import type { Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";

interface Entry {
  key: string;
  content: string;
}

export type ReadOutcome = { kind: "missing" } | { kind: "file"; content: string } | { kind: "error"; message: string };

export class FileCache {
  private readonly entries = new Map<string, Entry>();

  async read(path: string): Promise<ReadOutcome> {
    let info: Stats;
    try {
      info = await stat(path);
    } catch (error) {
      this.entries.delete(path);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "error", message: (error as Error).message };
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
