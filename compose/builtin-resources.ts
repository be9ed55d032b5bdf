// The built-in packages' resources resolved at build time. Composing an agent resolves each of the
// ~48 built-in plugin folders named in pi-packages.json through its package.json (the folder,
// the manifest, each listed path): ~8-15 ms of every start before the interactive first frame
// (issue 34), the same answer every time for an install that nobody edits. The image build writes
// what `packageResources` gives for each of them (scripts/bundle-image.mjs, paths relative to the
// install) with each folder's and package.json's stat; a start takes a folder's entry only while
// both stats are unchanged (two stats instead of resolving it), and resolves it as before
// otherwise: an edited manifest, an added or removed file or folder in the package (a
// `.claude-plugin`, a convention folder, the entry file). Users' packages are never taken from it.
import { readdirSync, readFileSync, type Stats, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isClaudePlugin, KINDS, packageResources, type Resources } from "../lib/packages/index.js";

/** Where the image build writes the table, relative to the install. */
export const BUILTIN_RESOURCES = join("dist", "image", "builtin-resources.json");

interface Resolved {
  /** The folder's and its package.json's stat when resolved (`stampOf`). */
  stamp: string;
  /** Paths relative to the install, `/`-separated. */
  resources: Resources;
}

type Table = Record<string, Resolved>;

/** `<dir>` and `<dir>/package.json` as they are now; undefined when either is missing. */
function stampOf(dir: string): string | undefined {
  const folder = statSync(dir, { throwIfNoEntry: false });
  const manifest = statSync(join(dir, "package.json"), { throwIfNoEntry: false });
  return folder && manifest ? `${part(folder)}|${part(manifest)}` : undefined;
}
// No inode: a copy that keeps the times (a packed install) still matches, as the code caches do.
const part = (s: Stats) => `${s.size}:${s.mtimeMs}`;

const wellFormed = (r: Resolved): boolean =>
  typeof r?.stamp === "string" && KINDS.every((k) => Array.isArray(r.resources?.[k]) && r.resources[k].every((p) => typeof p === "string"));

/** Resolves every built-in plugin folder of `packageRoot` (a Claude Code plugin among them is left out) and writes the table. */
export function writeBuiltinResources(packageRoot: string, file = join(packageRoot, BUILTIN_RESOURCES)): void {
  const plugins = join(packageRoot, "plugins");
  const rel = (path: string) => relative(packageRoot, path).split(sep).join("/");
  const table: Table = {};
  for (const name of readdirSync(plugins).sort()) {
    const dir = join(plugins, name);
    const stamp = stampOf(dir);
    if (!stamp || isClaudePlugin(dir)) continue;
    const resources = packageResources(dir, undefined, { folderIsModule: true });
    table[rel(dir)] = { stamp, resources: Object.fromEntries(KINDS.map((k) => [k, resources[k].map(rel)])) as Resources };
  }
  writeFileSync(file, JSON.stringify(table));
}

/**
 * What composing asks for a package folder given plainly (no filters, no delta): its resources
 * from the build's table when the folder is a built-in whose stats are unchanged, else undefined
 * (resolve it). The table is read on the first question; a missing or unreadable one answers
 * nothing.
 */
export function builtinResources(packageRoot: string): (dir: string) => Resources | undefined {
  return (dir) => {
    const table = tables.get(packageRoot) ?? tables.set(packageRoot, readTable(packageRoot)).get(packageRoot)!;
    const rel = relative(packageRoot, dir).split(sep).join("/");
    const hit = Object.hasOwn(table, rel) ? table[rel] : undefined;
    if (!hit || !wellFormed(hit) || stampOf(dir) !== hit.stamp) return undefined;
    return Object.fromEntries(KINDS.map((k) => [k, hit.resources[k].map((path) => join(packageRoot, path))])) as Resources;
  };
}

/** Per install, read once per process (the build writes it; a rebuild replaces the process's image too). */
const tables = new Map<string, Table>();

function readTable(packageRoot: string): Table {
  try {
    const json: unknown = JSON.parse(readFileSync(join(packageRoot, BUILTIN_RESOURCES), "utf8"));
    return json && typeof json === "object" && !Array.isArray(json) ? (json as Table) : {};
  } catch {
    return {};
  }
}
