// pi's resource patterns, on single resource files. A package entry's filters (settings
// `packages: [{source, extensions: [...]}]`): omitted = what the package offers, [] = nothing,
// otherwise plain globs select (none given: everything), `!glob` drops, `+path` puts back an
// exact path the package offers (it never adds one), `-path` drops an exact path (even one put
// back). The same `!`/`+`/`-` overrides in the top-level settings keys (`extensions`, `skills`,
// ...) switch auto-discovered resources on and off, relative to the agent dir or the project's
// .pi. Paths match relative to the base, by file name or absolutely; a skill's SKILL.md also
// matches by its folder. `pi config` writes `+path` / `-path`.
import { basename, dirname, relative, sep } from "node:path";
import { clean, matcher } from "./glob.js";
import type { ResourceKind } from "./manifest.js";

export type Filters = Partial<Record<ResourceKind, string[]>>;

/** One resource file and whether it loads. */
export interface ResourceState {
  path: string;
  enabled: boolean;
}

const OVERRIDE = /^[!+-]/;

export const isOverride = (pattern: string): boolean => OVERRIDE.test(pattern);

/** The path a pattern names, without its `!`/`+`/`-`. */
export const patternTarget = (pattern: string): string => (isOverride(pattern) ? pattern.slice(1) : pattern);

/** The files of `all` the patterns enable, in `all`'s order (pi's applyPatterns). */
export function applyPatterns(all: string[], patterns: string[], base: string): string[] {
  const of = (prefix: string) => patterns.filter((p) => p.startsWith(prefix)).map((p) => p.slice(1));
  const includes = patterns.filter((p) => !isOverride(p));
  const [excludes, adds, removes] = [of("!"), of("+"), of("-")];
  const enabled = new Set(includes.length ? all.filter((f) => matchesGlob(f, includes, base)) : all);
  for (const f of all) if (excludes.length && matchesGlob(f, excludes, base)) enabled.delete(f);
  for (const f of all) if (matchesExact(f, adds, base)) enabled.add(f);
  for (const f of all) if (matchesExact(f, removes, base)) enabled.delete(f);
  return all.filter((f) => enabled.has(f));
}

/** Each file with its state under a package entry's filter for one kind (pi's applyPackageFilter). */
export function filterStates(all: string[], patterns: string[] | undefined, base: string): ResourceState[] {
  if (patterns === undefined) return all.map((path) => ({ path, enabled: true }));
  const enabled = new Set(patterns.length ? applyPatterns(all, patterns, base) : []);
  return all.map((path) => ({ path, enabled: enabled.has(path) }));
}

/** Whether the overrides among `patterns` leave an auto-discovered file on (pi's isEnabledByOverrides). */
export function enabledByOverrides(file: string, patterns: readonly string[], base: string): boolean {
  const of = (prefix: string) => patterns.filter((p) => p.startsWith(prefix)).map((p) => p.slice(1));
  let enabled = !matchesGlob(file, of("!"), base);
  if (matchesExact(file, of("+"), base)) enabled = true;
  if (matchesExact(file, of("-"), base)) enabled = false;
  return enabled;
}

/**
 * A project entry with `"autoload": false` over the same package in the global settings: its
 * patterns change only the files they name, in order, on top of the global states.
 */
export function applyDelta(states: ResourceState[], patterns: string[], base: string): ResourceState[] {
  const out = states.map((s) => ({ ...s }));
  for (const pattern of patterns) {
    const target = patternTarget(pattern);
    const exact = pattern.startsWith("+") || pattern.startsWith("-");
    const on = !pattern.startsWith("-") && !pattern.startsWith("!");
    for (const s of out) if (exact ? matchesExact(s.path, [target], base) : matchesGlob(s.path, [target], base)) s.enabled = on;
  }
  return out;
}

/** The ways a file may be named: relative to the base, absolutely, and (a SKILL.md) by its folder. */
function namesOf(file: string, base: string): { exact: string[]; glob: string[] } {
  const rel = posix(relative(base, file));
  const exact = [rel, posix(file)];
  const glob = [rel, basename(file), posix(file)];
  if (basename(file) === "SKILL.md") {
    const folder = dirname(file);
    exact.push(posix(relative(base, folder)), posix(folder));
    glob.push(posix(relative(base, folder)), basename(folder), posix(folder));
  }
  return { exact, glob };
}

function matchesGlob(file: string, globs: string[], base: string): boolean {
  if (!globs.length) return false;
  const names = namesOf(file, base).glob;
  return globs.some((g) => {
    const match = matcher(posix(clean(g)));
    return names.some((n) => match(n));
  });
}

function matchesExact(file: string, paths: string[], base: string): boolean {
  if (!paths.length) return false;
  const names = namesOf(file, base).exact;
  return paths.some((p) => names.includes(posix(clean(p))));
}

const posix = (p: string) => p.split(sep).join("/");
