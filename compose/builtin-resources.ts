// The built-in packages' resources resolved at build time. Composing an agent resolved each of the
// ~48 built-in plugin folders named in pi-packages.json through its package.json (the folder, the
// manifest, each listed path: five system calls a package, ~20 µs each on this VM) at every start,
// the same answer every time for an install nobody edits (issue 34, the interactive first frame).
// The image build writes, for each built-in whose package.json lists its resources by plain path
// (no glob: the answer then depends on that file alone), the package.json itself and what
// `packageResources` gives (paths relative to the install), stamped with package.json's size and
// mtime. Composing takes a plainly named built-in from the table while one stat of its package.json
// matches, and hands the pass that package.json too (lib/packages `knownPackageJson`), so
// discovery reads no built-in's files; an edited package.json is resolved as before. The table is
// part of the image: like the image's compiled code, it holds what the last build found (a file a
// manifest lists that is deleted later, or a `.claude-plugin` folder added to a built-in, waits
// for the next build). Users' packages are never taken from it.
import { readdirSync, readFileSync, type Stats, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  isClaudePlugin,
  isGlob,
  isOverride,
  KINDS,
  knownPackageJson,
  packageJsonStat,
  packageResources,
  readPackageJson,
  type Resources,
} from "../lib/packages/index.js";
import { joinRelative, relativeInside } from "../lib/path-kit/index.js";

/** Where the image build writes the table, relative to the install. */
export const BUILTIN_RESOURCES = join("dist", "image", "builtin-resources.json");

interface Resolved {
  /** package.json's size and mtime when resolved. */
  stamp: string;
  /** package.json as it was then. */
  json: Record<string, unknown>;
  /** Paths relative to the install, `/`-separated. */
  resources: Resources;
}

type Table = Record<string, Resolved>;

// No inode: a copy that keeps the times (a packed install) still matches, as the code caches do.
const stampOf = (s: Stats) => `${s.size}:${s.mtimeMs}`;

/** Resolves the built-in plugin folders of `packageRoot` that the table can hold and writes it. */
export function writeBuiltinResources(packageRoot: string, file = join(packageRoot, BUILTIN_RESOURCES)): void {
  const plugins = join(packageRoot, "plugins");
  const rel = (path: string) => relative(packageRoot, path).split(sep).join("/");
  const table: Table = {};
  for (const name of readdirSync(plugins).sort()) {
    const dir = join(plugins, name);
    const stat = statSync(join(dir, "package.json"), { throwIfNoEntry: false });
    const json = stat && readPackageJson(dir);
    if (!stat || !json || !listsPlainPaths(json.pi) || isClaudePlugin(dir)) continue;
    const resources = packageResources(dir, undefined, { folderIsModule: true });
    table[rel(dir)] = { stamp: stampOf(stat), json, resources: mapResources(resources, rel) };
  }
  writeFileSync(file, JSON.stringify(table));
}

/** A `pi` manifest whose lists are plain paths: what it resolves to depends on package.json alone. */
function listsPlainPaths(pi: unknown): boolean {
  if (!pi || typeof pi !== "object" || Array.isArray(pi)) return false;
  return Object.values(pi).every((v) => !Array.isArray(v) || v.every((p) => typeof p === "string" && !isGlob(p) && !isOverride(p)));
}

const mapResources = (r: Resources, f: (path: string) => string) => Object.fromEntries(KINDS.map((k) => [k, r[k].map(f)])) as Resources;

/**
 * What composing asks for a package folder given plainly (no filters, no delta): its resources
 * from the build's table when the folder is a built-in whose package.json is unchanged, else
 * undefined (resolve it). The table is read on the first question; a missing or unreadable one
 * answers nothing.
 */
export function builtinResources(packageRoot: string): (dir: string) => Resources | undefined {
  return (dir) => {
    const table = tables.get(packageRoot) ?? tables.set(packageRoot, readTable(packageRoot)).get(packageRoot)!;
    const rel = relativeInside(packageRoot, dir)?.split(sep).join("/");
    const hit = rel !== undefined && Object.hasOwn(table, rel) ? table[rel] : undefined;
    if (!hit || !wellFormed(hit)) return undefined;
    const stat = packageJsonStat(dir);
    if (!stat || stampOf(stat) !== hit.stamp) return undefined;
    knownPackageJson(dir, stat, hit.json);
    return mapResources(hit.resources, (path) => joinRelative(packageRoot, path));
  };
}

const wellFormed = (r: Resolved): boolean =>
  typeof r?.stamp === "string" &&
  !!r.json &&
  typeof r.json === "object" &&
  !Array.isArray(r.json) &&
  KINDS.every((k) => Array.isArray(r.resources?.[k]) && r.resources[k].every((p) => typeof p === "string"));

/** Per install, read once per process (the build writes it with the image). */
const tables = new Map<string, Table>();

function readTable(packageRoot: string): Table {
  try {
    const json: unknown = JSON.parse(readFileSync(join(packageRoot, BUILTIN_RESOURCES), "utf8"));
    return json && typeof json === "object" && !Array.isArray(json) ? (json as Table) : {};
  } catch {
    return {};
  }
}
