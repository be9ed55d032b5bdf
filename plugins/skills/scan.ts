// Finds skill files under one root, pi's way: a directory holding SKILL.md is a skill (no deeper
// search); otherwise its subdirectories are searched; plain *.md files directly in the root are
// skills where the root allows it. Dot-directories and node_modules are skipped, .gitignore,
// .ignore and .fdignore rules apply, symlinks are followed. `stamps` records the mtime of every
// directory read and file found (-1: missing), so a later look can tell cheaply what changed.
import { readdirSync, type Stats, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import ignore, { type Ignore } from "ignore";
import { addIgnoreRules, relPosix } from "../../lib/resource-kit/index.js";

export type Stamps = Map<string, number>;

export function findSkillFiles(root: string, rootFiles: boolean, stamps: Stamps = new Map()): string[] {
  const stat = statOf(root);
  if (!stat) {
    stamps.set(root, -1);
    return [];
  }
  stamps.set(root, stat.mtimeMs);
  if (stat.isFile()) return root.endsWith(".md") ? [root] : [];
  const out: string[] = [];
  walk(root, root, ignore(), rootFiles, out, stamps);
  return out;
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

function walk(dir: string, root: string, ig: Ignore, isRoot: boolean, out: string[], stamps: Stamps): void {
  // Stamped before reading: a change made while reading shows as a newer mtime later.
  if (dir !== root) stamps.set(dir, mtimeOf(dir));
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  addIgnoreRules(
    ig,
    dir,
    root,
    entries.map((e) => e.name),
  );
  const rel = (p: string) => relPosix(root, p);
  const skill = entries.find((e) => e.name === "SKILL.md");
  if (skill && kind(join(dir, skill.name), skill) === "file" && !ig.ignores(rel(join(dir, skill.name)))) {
    out.push(join(dir, skill.name));
    stamps.set(join(dir, skill.name), mtimeOf(join(dir, skill.name)));
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const full = join(dir, e.name);
    const k = kind(full, e);
    if (k === "dir" && !ig.ignores(`${rel(full)}/`)) walk(full, root, ig, false, out, stamps);
    else if (k === "file" && isRoot && e.name.endsWith(".md") && !ig.ignores(rel(full))) {
      out.push(full);
      stamps.set(full, mtimeOf(full));
    }
  }
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
