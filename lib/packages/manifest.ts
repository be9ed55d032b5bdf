// What a pi package contributes: package.json's "pi" manifest ({extensions, skills, prompts,
// themes}: paths or globs relative to the package, `!pattern` excludes), else the convention
// dirs (extensions/, skills/, prompts/, themes/, or an index.ts / index.js), narrowed by the
// user's per-package filters (see filter.ts). A file in place of a package is one extension.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { applyFilter, type Filters } from "./filter.js";
import { clean, isGlob, listFiles, matcher, rel } from "./glob.js";

export const KINDS = ["extensions", "skills", "prompts", "themes"] as const;
export type ResourceKind = (typeof KINDS)[number];
export type Resources = Record<ResourceKind, string[]>;

export function packageResources(dir: string, filters: Filters = {}): Resources {
  // A file given where a package is expected is one extension (pi's rule for local paths).
  if (existsSync(dir) && !isDirectory(dir)) return { extensions: [dir], skills: [], prompts: [], themes: [] };
  const manifest = readManifest(dir);
  const out = {} as Resources;
  for (const kind of KINDS) {
    const found = manifest ? expand(dir, manifest[kind] ?? []) : conventional(dir, kind);
    // A folder listed as an extension holds extensions (as pi reads it); other kinds scan folders.
    const listed = kind === "extensions" ? found.flatMap((f) => (isDirectory(f) ? extensionsIn(f, Boolean(manifest)) : [f])) : found;
    out[kind] = applyFilter(dir, listed, filters[kind]);
  }
  return out;
}

/** The `name` in a package's package.json, if it has one. */
export function packageName(dir: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown }).name;
    return typeof name === "string" && name ? name : undefined;
  } catch {
    return undefined;
  }
}

function readManifest(dir: string): Partial<Record<ResourceKind, string[]>> | undefined {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return undefined;
  const pi = (JSON.parse(readFileSync(file, "utf8")) as { pi?: unknown }).pi;
  if (!pi || typeof pi !== "object") return undefined;
  const out: Partial<Record<ResourceKind, string[]>> = {};
  for (const kind of KINDS) {
    const v = (pi as Record<string, unknown>)[kind];
    if (Array.isArray(v)) out[kind] = v.filter((x): x is string => typeof x === "string");
  }
  return out;
}

/** Manifest entries: plain paths kept as they are, globs matched against the package's files. */
function expand(dir: string, patterns: string[]): string[] {
  const include = patterns.filter((p) => !p.startsWith("!"));
  const exclude = patterns.filter((p) => p.startsWith("!")).map((p) => matcher(clean(p.slice(1))));
  const out: string[] = [];
  for (const p of include) {
    if (isGlob(p)) {
      const match = matcher(clean(p));
      for (const f of listFiles(dir)) if (match(f)) out.push(join(dir, f));
    } else out.push(resolve(dir, p));
  }
  return [...new Set(out)].filter((f) => !exclude.some((m) => m(rel(dir, f))));
}

function conventional(dir: string, kind: ResourceKind): string[] {
  const sub = join(dir, kind);
  if (kind !== "extensions") return existsSync(sub) ? [sub] : [];
  return existsSync(sub) ? [sub] : indexOf(dir);
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const indexOf = (dir: string) =>
  ["index.ts", "index.js"]
    .map((i) => join(dir, i))
    .filter(existsSync)
    .slice(0, 1);

/**
 * A folder of extensions: each script and each subfolder's index. A folder a manifest names is
 * one extension when it has an index file of its own.
 */
function extensionsIn(folder: string, named: boolean): string[] {
  const index = named ? indexOf(folder) : [];
  if (index.length) return index;
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return indexOf(path);
      return /\.(ts|js|mjs)$/.test(name) && !/\.(d|test)\.ts$/.test(name) ? [path] : [];
    });
}
