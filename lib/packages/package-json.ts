// A package's package.json as composing an agent reads it. One discovery asks for the same file
// five times (its resources, its name for identity and for `exclude`, its extensions, its
// `pi-kernel` manifest), for every one of ~36 packages: ~3 ms of each start. Each file is parsed once
// per process and read again only when it changed (inode, size or mtime), so a long-lived session
// that reloads after an edit sees the new file. Within one composing pass (`inPackageJsonPass`)
// a file is stat'ed once: ~140 stats fewer per start. That includes the questions whether a
// package.json is there at all (a built-in named by package name, its folder installed, its stamp
// in the build's table: compose/builtin-resources.ts), which asked the system three times a
// built-in (`packageJsonStat`, `packageJsonSeen`).
import { readFileSync, type Stats, statSync } from "node:fs";
import { joinRelative } from "../path-kit/index.js";

type PackageJson = Readonly<Record<string, unknown>>;

const parsed = new Map<string, { stamp: string; json: PackageJson }>();
/** Files checked against their stat in this pass (undefined: no pass, check on every read). */
let checked: Set<string> | undefined;
/** Each package.json's stat as this pass found it (undefined: none there). */
let stats: Map<string, Stats | undefined> | undefined;

/**
 * Runs one composing pass: while it runs, each package.json is checked against its stat once and
 * then taken from memory (a pass reads every package's file several times within a few ms).
 */
export async function inPackageJsonPass<T>(fn: () => Promise<T>): Promise<T> {
  if (checked) return fn();
  checked = new Set();
  stats = new Map();
  try {
    return await fn();
  } finally {
    checked = undefined;
    stats = undefined;
  }
}

/**
 * `<dir>/package.json` parsed (shared: callers must not change it), or undefined when there is
 * none. JSON that is not an object reads as `{}`; a file that is not JSON throws, naming the file.
 */
export function readPackageJson(dir: string): PackageJson | undefined {
  const file = joinRelative(dir, "package.json");
  if (checked?.has(file)) return parsed.get(file)?.json;
  const stat = statOf(file);
  if (!stat?.isFile()) {
    parsed.delete(file);
    checked?.add(file);
    return undefined;
  }
  const stamp = stampOf(stat);
  const hit = parsed.get(file);
  if (hit?.stamp === stamp) {
    checked?.add(file);
    return hit.json;
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const json = value && typeof value === "object" && !Array.isArray(value) ? (value as PackageJson) : {};
  parsed.set(file, { stamp, json });
  checked?.add(file); // a file that is not JSON is not marked: each read throws, as without a pass
  return json;
}

/**
 * A package.json whose content the caller already knows for this very stat (the install's
 * built-ins, from a table the build wrote: compose/builtin-resources.ts): later reads take it as
 * if this pass had read it (no stat, no read).
 */
export function knownPackageJson(dir: string, stat: Stats, json: PackageJson): void {
  const file = joinRelative(dir, "package.json");
  parsed.set(file, { stamp: stampOf(stat), json });
  checked?.add(file);
}

const stampOf = (stat: Stats) => `${stat.ino}:${stat.size}:${stat.mtimeMs}`;

/** `<dir>/package.json`'s stat, or undefined when there is none (or it cannot be stat'ed); once a pass. */
export function packageJsonStat(dir: string): Stats | undefined {
  const file = joinRelative(dir, "package.json");
  if (stats?.has(file)) return stats.get(file);
  let stat: Stats | undefined;
  try {
    stat = statSync(file, { throwIfNoEntry: false });
  } catch {
    stat = undefined;
  }
  stats?.set(file, stat);
  return stat;
}

/** Whether this pass has already found `<dir>/package.json` (and so `dir`), without asking the system. */
export const packageJsonSeen = (dir: string): boolean => stats?.get(joinRelative(dir, "package.json")) !== undefined;

/** The file's stat, or undefined when there is no such file (a `dir` that is itself a file included). */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}
