// Finds skill files under one root, pi's way: a directory holding SKILL.md is a skill (no deeper
// search); otherwise its subdirectories are searched; plain *.md files directly in the root are
// skills where the root allows it. Dot-directories and node_modules are skipped, .gitignore,
// .ignore and .fdignore rules apply, symlinks are followed, but through a ScanGuard: each folder
// once, bounded depth and count, and (untrusted projects) never out of the project. `stamps`
// records the mtime of every directory read and file found (-1: missing), so a later look can tell
// cheaply what changed.
import { readdirSync, type Stats, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import ignore, { type Ignore } from "ignore";
import { addIgnoreRules, relPosix, ScanGuard } from "../../lib/resource-kit/index.js";

export type Stamps = Map<string, number>;

export function findSkillFiles(root: string, rootFiles: boolean, stamps: Stamps = new Map(), guard = new ScanGuard()): string[] {
  const stat = statOf(root);
  if (!stat) {
    stamps.set(root, -1);
    return [];
  }
  stamps.set(root, stat.mtimeMs);
  if (stat.isFile()) return root.endsWith(".md") && guard.allows(root) ? [root] : [];
  const out: string[] = [];
  walk({ root, ig: ignore(), out, stamps, guard }, root, rootFiles, 0);
  return out;
}

interface Walk {
  root: string;
  ig: Ignore;
  out: string[];
  stamps: Stamps;
  guard: ScanGuard;
}

/**
 * The mtime now (-1: missing); compared with a stamp taken before the last read. Most roots are
 * missing and are looked at on every request, so a missing one answers without an Error.
 */
export function mtimeOf(path: string): number {
  return statOf(path)?.mtimeMs ?? -1;
}

/** The path's stat, or undefined when there is nothing (readable) there. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function walk(w: Walk, dir: string, isRoot: boolean, depth: number): void {
  if (!w.guard.enter(dir, depth)) return;
  // Stamped before reading: a change made while reading shows as a newer mtime later.
  if (dir !== w.root) w.stamps.set(dir, mtimeOf(dir));
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  addIgnoreRules(
    w.ig,
    dir,
    w.root,
    entries.map((e) => e.name),
  );
  const rel = (p: string) => relPosix(w.root, p);
  const found = (file: string) => {
    if (!w.guard.allows(file)) return;
    w.out.push(file);
    w.stamps.set(file, mtimeOf(file));
  };
  const skill = entries.find((e) => e.name === "SKILL.md");
  if (skill && kind(join(dir, skill.name), skill) === "file" && !w.ig.ignores(rel(join(dir, skill.name)))) {
    return found(join(dir, skill.name));
  }
  for (const e of entries.sort((a, b) => byName(a.name, b.name))) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const full = join(dir, e.name);
    const k = kind(full, e);
    if (k === "dir" && !w.ig.ignores(`${rel(full)}/`)) walk(w, full, false, depth + 1);
    else if (k === "file" && isRoot && e.name.endsWith(".md") && !w.ig.ignores(rel(full))) found(full);
  }
}

/**
 * localeCompare's order. Its first call loads ICU's collation data (~3 MB of an idle session's
 * RSS), so names of lowercase ASCII letters, digits, "-" and "." (every usual skill folder) are
 * compared by code unit, which orders them alike in the root and English collations (tested in
 * skills-discovery.test.ts); anything else, or another collation locale, goes to localeCompare.
 */
const PLAIN = /^[a-z0-9.-]*$/;
const ROOT_COLLATION = !/^(?!C(\.|$)|POSIX$|en)./.test(process.env.LC_ALL || process.env.LC_COLLATE || process.env.LANG || "");

export function byName(a: string, b: string): number {
  if (ROOT_COLLATION && PLAIN.test(a) && PLAIN.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

function kind(path: string, e: Dirent): "file" | "dir" | undefined {
  if (e.isSymbolicLink()) {
    try {
      const s = statSync(path);
      return s.isDirectory() ? "dir" : s.isFile() ? "file" : undefined;
    } catch {
      return undefined; // a broken link
    }
  }
  return e.isDirectory() ? "dir" : e.isFile() ? "file" : undefined;
}
