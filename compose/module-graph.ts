// Which files make up a plugin, for hot reload: its entry, the files it imports (relatively,
// transitively), and its package's manifest. Anything else an extension keeps in its folder (a
// log, a state or config file it writes) is not part of it, so writing there reloads nothing:
// pi-permission-system logs next to itself on every decision, and reloading it for that became
// a storm of session_start. The imports are read from the text (a lexer would stop at TypeScript
// syntax); a false match only ever adds a file, which at worst reloads the plugin once more.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { PluginSource } from "../kernel/index.js";

/** `import … from "./x"`, `export … from "./x"`, `import("./x")`, `require("./x")`, `import "./x"`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"'\n]*|\/[^"'\n]*)["']/g;
const CANDIDATE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"];
const INDEXES = ["index.ts", "index.tsx", "index.mts", "index.js", "index.mjs", "index.cjs"];
/** A graph stops growing here: a plugin of more files than this is reloaded by any of the first ones. */
const MAX_FILES = 2000;

/** Imports of one file, remembered while its size and time stay the same. */
const cache = new Map<string, { stamp: string; deps: string[] }>();

/** Whether a changed file is part of this (non-compiled) plugin. */
export function isPartOf(source: PluginSource, file: string): boolean {
  if (file === source.file) return true;
  if (source.root && source.root !== source.file && file === join(source.root, "package.json")) return true;
  return moduleGraph(source.file).has(file);
}

/** The entry and every file it reaches through relative imports, as absolute paths. */
export function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0 && seen.size < MAX_FILES) {
    for (const dep of importsOf(queue.pop()!)) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      queue.push(dep);
    }
  }
  return seen;
}

function importsOf(file: string): string[] {
  const stamp = stampOf(file);
  if (stamp === undefined) return [];
  const hit = cache.get(file);
  if (hit?.stamp === stamp) return hit.deps;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const deps: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const found = resolveSpecifier(dirname(file), m[1]!);
    if (found) deps.push(found);
  }
  cache.set(file, { stamp, deps });
  return deps;
}

/** Node's and TypeScript's ways of naming a file: as written, with an extension added, `.js` for `.ts`, or a folder's index. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  const base = resolve(from, spec.split("?")[0]!);
  const names = [
    ...CANDIDATE_SUFFIXES.map((s) => base + s),
    ...[".ts", ".tsx", ".mts", ".cts"].map((s) => base.replace(/\.[cm]?jsx?$/, s)),
    ...INDEXES.map((i) => join(base, i)),
  ];
  return names.find((n) => isFile(n));
}

function stampOf(file: string): string | undefined {
  try {
    const st = statSync(file);
    return st.isFile() ? `${st.size}:${st.mtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

const isFile = (path: string) => stampOf(path) !== undefined;
