// find without fd: the gitignore-aware walk, with picomatch globs applied as pi's fd call does.
import picomatch from "picomatch";
import { toPosix } from "../search/posix.js";
import { walk } from "../search/walk.js";
import type { Found } from "./find-fd.js";

/**
 * A glob without "/" matches a file name at any depth; one with "/" matches the path below the
 * root, at any depth unless it starts with "/" or "**​/" (pi's fd --full-path rule).
 */
export function globMatcher(pattern: string): (rel: string, abs: string) => boolean {
  if (!pattern.includes("/")) {
    const test = picomatch(pattern, { dot: true });
    return (rel) => test(rel.slice(rel.lastIndexOf("/") + 1));
  }
  if (pattern.startsWith("/")) {
    const test = picomatch(pattern, { dot: true });
    return (_rel, abs) => test(toPosix(abs));
  }
  const test = picomatch(pattern.startsWith("**/") ? pattern : `**/${pattern}`, { dot: true });
  return (rel) => test(rel);
}

export async function findBuiltin(root: string, pattern: string, limit: number, signal: AbortSignal): Promise<Found> {
  const matches = globMatcher(pattern);
  const paths: string[] = [];
  for await (const entry of walk(root, signal)) {
    if (!matches(entry.rel, entry.path)) continue;
    if (paths.length >= limit) return { paths, limitReached: true };
    paths.push(entry.kind === "dir" ? `${entry.rel}/` : entry.rel);
  }
  return { paths, limitReached: false };
}
