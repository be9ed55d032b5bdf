// The built-in directory walk behind grep and find when rg/fd are missing: depth first, entries in
// name order (like `rg --sort path`), hidden files included, .git skipped, .gitignore respected,
// symlinks listed but never followed (as rg and fd do by default).
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { IGNORE_FILES, IgnoreRules } from "./ignore-rules.js";
import { toPosix } from "./posix.js";

export interface WalkEntry {
  path: string;
  /** POSIX path relative to the walk's root. */
  rel: string;
  kind: "file" | "dir" | "symlink" | "other";
}

export async function* walkTree(root: string, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  yield* walkDir(root, root, IgnoreRules.forRoot(root), signal);
}

async function* walkDir(root: string, dir: string, rules: IgnoreRules, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  signal?.throwIfAborted();
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // unreadable directory: rg and fd skip it too
  }
  const names = new Set(entries.map((e) => e.name));
  const inner =
    dir === root
      ? rules
      : rules.enter(
          dir,
          IGNORE_FILES.filter((f) => names.has(f)),
        );
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name === ".git") continue;
    const path = join(dir, entry.name);
    const kind = entry.isDirectory() ? "dir" : entry.isFile() ? "file" : entry.isSymbolicLink() ? "symlink" : "other";
    if (inner.ignores(path, kind === "dir")) continue;
    yield { path, rel: toPosix(relative(root, path)), kind };
    if (kind === "dir") yield* walkDir(root, path, inner, signal);
  }
}
