// The resource files a folder holds, pi's way, one list per kind: filters and `pi config` work
// on single files, so a folder a package lists is opened up into them. Extensions: the folder's
// own entries (a `pi.extensions` manifest in it, else index.ts / index.js), else its scripts and
// each subfolder's entries. Skills: a folder holding SKILL.md is one skill (nothing deeper), else
// its subfolders are searched; `*.md` files directly in the top folder are skills too. Prompts:
// `*.md`, themes: `*.json`, at any depth. Dot entries and node_modules are skipped, and a ScanGuard
// keeps a package's folder links from looping (each folder once, bounded depth and count).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResourceKind } from "./manifest.js";
import { ScanGuard } from "../resource-kit/scan/scan-guard.js";
import { readPackageJson } from "./package-json.js";

const PATTERNS: Record<Exclude<ResourceKind, "extensions" | "skills">, RegExp> = { prompts: /\.md$/, themes: /\.json$/ };

/** The files `paths` stand for: a file as it is, a folder opened up as `kind` reads it; missing paths are skipped. */
export function filesOfPaths(paths: string[], kind: ResourceKind): string[] {
  return paths.flatMap((p) => {
    if (isFile(p)) return [p];
    if (!isDirectory(p)) return [];
    if (kind === "extensions") return extensionFiles(p);
    if (kind === "skills") return skillFiles(p, p, new ScanGuard(), 0);
    return matching(p, PATTERNS[kind], new ScanGuard(), 0);
  });
}

/** A folder's extension entries: its own (manifest, index) or those of its scripts and subfolders. */
export function extensionFiles(dir: string): string[] {
  const own = entriesOf(dir);
  if (own) return own;
  return visible(dir).flatMap((name) => {
    const path = join(dir, name);
    if (isDirectory(path)) return entriesOf(path) ?? [];
    return isScript(name) ? [path] : [];
  });
}

/** The entries a folder declares for itself: `pi.extensions` in its package.json (those that exist), else its index. */
export function entriesOf(dir: string): string[] | undefined {
  const listed = manifestExtensions(dir)
    ?.map((p) => resolve(dir, p))
    .filter(existsSync);
  if (listed?.length) return listed;
  const index = ["index.ts", "index.js"].map((f) => join(dir, f)).find(existsSync);
  return index ? [index] : undefined;
}

function manifestExtensions(dir: string): string[] | undefined {
  try {
    const list = (readPackageJson(dir)?.pi as { extensions?: unknown } | undefined)?.extensions;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : undefined;
  } catch {
    return undefined;
  }
}

function skillFiles(dir: string, root: string, guard: ScanGuard, depth: number): string[] {
  if (!guard.enter(dir, depth)) return [];
  const names = visible(dir);
  if (names.includes("SKILL.md") && isFile(join(dir, "SKILL.md"))) return [join(dir, "SKILL.md")];
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (isDirectory(path)) return skillFiles(path, root, guard, depth + 1);
    return dir === root && name.endsWith(".md") && isFile(path) ? [path] : [];
  });
}

function matching(dir: string, pattern: RegExp, guard: ScanGuard, depth: number): string[] {
  if (!guard.enter(dir, depth)) return [];
  return visible(dir).flatMap((name) => {
    const path = join(dir, name);
    if (isDirectory(path)) return matching(path, pattern, guard, depth + 1);
    return pattern.test(name) && isFile(path) ? [path] : [];
  });
}

/** A folder's entries in name order, without dot entries and node_modules (unreadable: none). */
function visible(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => !n.startsWith(".") && n !== "node_modules")
      .sort();
  } catch {
    return [];
  }
}

function isScript(name: string): boolean {
  return /\.(ts|js|mjs)$/.test(name) && !/\.(d|test)\.ts$/.test(name);
}

/** What is at a path, in one stat; a missing path answers without an Error (most looked-for paths are missing). */
export function pathKind(path: string): "dir" | "file" | "other" | "missing" {
  try {
    const info = statSync(path, { throwIfNoEntry: false });
    return info === undefined ? "missing" : info.isDirectory() ? "dir" : info.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}

function isDirectory(path: string): boolean {
  return pathKind(path) === "dir";
}

function isFile(path: string): boolean {
  return pathKind(path) === "file";
}
