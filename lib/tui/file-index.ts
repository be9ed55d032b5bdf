// The project's files for @file completion, walked once and cached, honouring .gitignore files
// at every level (via the `ignore` package, git's own matching rules) and skipping .git.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Ignore } from "ignore";

const MAX_FILES = 20_000;
const ALWAYS_SKIP = new Set([".git", "node_modules"]);

export class FileIndex {
  private files: Promise<string[]> | undefined;

  constructor(private readonly root: string) {}

  /** Relative paths (directories end in "/"), loaded on first call. */
  list(): Promise<string[]> {
    return (this.files ??= this.walk());
  }

  /** Forget the cached list (files were created or deleted). */
  refresh(): void {
    this.files = undefined;
  }

  private async walk(): Promise<string[]> {
    // Loaded with the first @ completion, not with the app: the first frame does not need it.
    const { default: ignore } = await import("ignore");
    const out: string[] = [];
    const visit = async (dir: string, rules: { base: string; ig: Ignore }[]): Promise<void> => {
      if (out.length >= MAX_FILES) return;
      const own = await readFile(join(dir, ".gitignore"), "utf8").catch(() => undefined);
      const here = own ? [...rules, { base: dir, ig: ignore().add(own) }] : rules;
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (ALWAYS_SKIP.has(e.name)) continue;
        const abs = join(dir, e.name);
        const isDir = e.isDirectory();
        if (here.some((r) => r.ig.ignores(relative(r.base, abs) + (isDir ? "/" : "")))) continue;
        const rel = relative(this.root, abs);
        if (isDir) {
          out.push(`${rel}/`);
          await visit(abs, here);
        } else out.push(rel);
        if (out.length >= MAX_FILES) return;
      }
    };
    await visit(this.root, []);
    return out;
  }
}
