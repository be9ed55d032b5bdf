// pi's per-package resource filters: for each kind, omitted = everything the package offers,
// [] = nothing, otherwise patterns relative to the package: `glob` keeps matches, `!glob`
// drops matches, `+path` adds a path even if the manifest does not list it, `-path` removes it.
import { join, resolve } from "node:path";
import { existsSync, statSync } from "node:fs";
import { clean, listFiles, matcher, rel } from "./glob.js";
import type { ResourceKind } from "./manifest.js";

export type Filters = Partial<Record<ResourceKind, string[]>>;

export function applyFilter(dir: string, listed: string[], patterns: string[] | undefined): string[] {
  if (patterns === undefined) return listed;
  const plain = patterns.filter((p) => !/^[!+-]/.test(p)).map((p) => matcher(clean(p)));
  const drop = patterns.filter((p) => p.startsWith("!")).map((p) => matcher(clean(p.slice(1))));
  const add = patterns.filter((p) => p.startsWith("+")).map((p) => resolve(dir, p.slice(1)));
  const remove = new Set(patterns.filter((p) => p.startsWith("-")).map((p) => resolve(dir, p.slice(1))));
  const hasSelection = plain.length > 0 || add.length > 0;
  // Only exclusions given: start from everything; any selection: start from what it selects.
  // A selection may name files inside a listed directory (skills/one, themes/*.json).
  let kept = hasSelection ? withDescendants(dir, listed).filter((f) => plain.some((m) => m(rel(dir, f)))) : [...listed];
  if (!hasSelection && patterns.length === 0) kept = [];
  kept = kept.filter((f) => !drop.some((m) => m(rel(dir, f))));
  return [...new Set([...kept, ...add])].filter((f) => !remove.has(f));
}

function withDescendants(dir: string, listed: string[]): string[] {
  const out = new Set(listed);
  for (const path of listed) {
    if (!existsSync(path) || !statSync(path).isDirectory()) continue;
    const base = rel(dir, path);
    for (const f of listFiles(path)) out.add(join(dir, base, f));
  }
  return [...out];
}
