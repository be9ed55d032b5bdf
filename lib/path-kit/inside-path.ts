// Where a path lies under a folder, for discovery's ~300 questions at every start (is this source
// a built-in, its table key, its image copy). Node's `path.relative` resolves both of its paths
// first (the working directory, then each path normalised whole): in an interactive start, which
// runs in V8's interpreter until the first input (compose/optimizer-hold.ts), those calls were a
// good part of discovery's ~17 ms of CPU. Discovery's paths are nearly always absolute and in
// normal form already, and for such paths "inside" is a prefix and the relative path a slice;
// anything else goes through Node's functions as before. Until V8 tiers them up, Node's path functions
// run in its interpreter in every start-up: a `join` of a folder and "package.json" took ~19 µs in a
// fresh process, and a print run made ~2,300 path calls before its request, ~500 of them discovery's
// per-package joins and relatives (issue 34's sixth round, docs/internals/startup-and-build.md).
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** On POSIX only: Windows paths compare without case and have drive letters. */
const POSIX = sep === "/";
/** An empty, `.` or `..` segment, or a trailing slash after a name. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

/** An absolute POSIX path as `path.resolve` would leave it. */
const normalAbsolute = (p: string) => POSIX && p.startsWith("/") && !NOT_NORMAL.test(p);

/** `path` relative to `dir` (with `sep`) when `path` is strictly inside `dir`, else undefined. */
export function relativeInside(dir: string, path: string): string | undefined {
  if (normalAbsolute(dir) && normalAbsolute(path)) {
    const prefix = dir === "/" ? dir : `${dir}/`;
    return path.length > prefix.length && path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
  }
  const rel = relative(resolve(dir), resolve(path));
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? rel : undefined;
}

/** Whether `path` is strictly inside `dir`. */
export const isInside = (dir: string, path: string): boolean => relativeInside(dir, path) !== undefined;

/** `join(dir, rel)` for a `/`-separated relative path; a plain concatenation when both are in normal form. */
export function joinRelative(dir: string, rel: string): string {
  return normalAbsolute(dir) && rel !== "" && normalAbsolute(`/${rel}`) ? `${dir === "/" ? "" : dir}/${rel}` : join(dir, rel);
}

/**
 * `resolve(dir, rel)` for a relative path of `./` and `../` steps, then names in normal form (what
 * the start-up image's files require: "./x.cjs", "../chunks/y.cjs", ~220 a print run), by slicing;
 * anything else is Node's `resolve`.
 */
export function resolveRelative(dir: string, rel: string): string {
  if (!normalAbsolute(dir)) return resolve(dir, rel);
  let base = dir;
  let rest = rel;
  for (;;) {
    if (rest.startsWith("./")) rest = rest.slice(2);
    else if (rest.startsWith("../")) (base = base.slice(0, base.lastIndexOf("/")) || "/"), (rest = rest.slice(3));
    else break;
  }
  return rest !== "" && normalAbsolute(`/${rest}`) ? `${base === "/" ? "" : base}/${rest}` : resolve(dir, rel);
}
