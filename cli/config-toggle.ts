// Writing `pi config`'s switches as pi writes them. Global view: a row flips between on and off,
// `+path` / `-path` (relative to the package, or to the agent dir for its own resources) in the
// package's entry of the global `packages` (which becomes an object) or in the top-level key of
// its kind. Project view: a row cycles inherit -> unload/load -> ..., written to .pi/settings.json:
// a package gets an entry `{source, autoload: false, <kind>: ["-path"]}` (a delta over the global
// one), an inherited global resource its absolute path and `-`/`+` that path.
import { join, relative, resolve } from "node:path";
import {
  isPlainObject,
  KINDS,
  type PackageEntry,
  parseSource,
  patternTarget,
  readSettings,
  sourceOf,
  updateSettings,
} from "../lib/packages/index.js";
import type { ConfigDirs, ResourceRow } from "./config-resources.js";

export type OverrideState = "inherit" | "load" | "unload";

const isOverride = (p: string) => /^[!+-]/.test(p);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Global view: switch a row on or off in the global settings. */
export function toggleGlobal(row: ResourceRow, enabled: boolean, d: ConfigDirs): void {
  // A built-in file is named absolutely: relative to the agent dir it would name a user file.
  const pattern = row.group.source === "builtin" ? row.path : relative(row.group.baseDir, row.path);
  const sign = `${enabled ? "+" : "-"}${pattern}`;
  updateSettings(join(d.agentDir, "settings.json"), (settings) => {
    if (row.group.origin === "top-level") {
      settings[row.kind] = [...list(settings[row.kind]).filter((p) => patternTarget(p) !== pattern), sign];
      return;
    }
    const packages = (Array.isArray(settings.packages) ? settings.packages : []) as PackageEntry[];
    const i = packages.findIndex((p) => isEntry(p) && sourceOf(p) === row.group.source);
    if (i < 0) return;
    const entry = objectOf(packages[i]!);
    entry[row.kind] = [...(entry[row.kind] ?? []).filter((p) => patternTarget(p) !== pattern), sign];
    packages[i] = compact(entry) ?? entry.source;
    settings.packages = packages;
  });
}

/** Project view: the row's override state in .pi/settings.json. */
export function overrideState(row: ResourceRow, d: ConfigDirs): OverrideState {
  const project = projectSettings(d);
  if (row.group.origin === "top-level") return stateOf(list(project[row.kind]), topLevelTargets(row, d), false);
  const entry = projectEntry(row, d, project);
  if (!entry || typeof entry === "string" || entry[row.kind] === undefined) return "inherit";
  return stateOf(entry[row.kind]!, new Set([relative(row.group.baseDir, row.path)]), entry.autoload !== false);
}

/** Project view: write `state` for the row. */
export function setOverride(row: ResourceRow, state: OverrideState, inherited: boolean, d: ConfigDirs): void {
  updateSettings(join(d.cwd, ".pi", "settings.json"), (settings) => {
    if (row.group.origin === "top-level") {
      const targets = topLevelTargets(row, d);
      const pattern = inherited ? row.path : relative(join(d.cwd, ".pi"), row.path);
      const kept = list(settings[row.kind]).filter((p) => {
        if (isOverride(p) && targets.has(patternTarget(p))) return false;
        return !(state === "inherit" && inherited && p === pattern);
      });
      if (state !== "inherit") {
        if (inherited && !kept.includes(pattern)) kept.push(pattern);
        kept.push(`${state === "load" ? "+" : "-"}${pattern}`);
      }
      settings[row.kind] = kept;
      return;
    }
    const packages = (Array.isArray(settings.packages) ? settings.packages : []) as PackageEntry[];
    let i = packages.findIndex((p) => isEntry(p) && sameSource(row, sourceOf(p), join(d.cwd, ".pi"), d));
    if (i < 0) {
      if (state === "inherit") return;
      packages.push(deltaEntry(row, d));
      i = packages.length - 1;
    }
    const entry = objectOf(packages[i]!);
    const pattern = relative(row.group.baseDir, row.path);
    const kept = (entry[row.kind] ?? []).filter((p) => patternTarget(p) !== pattern);
    if (state !== "inherit") kept.push(`${state === "load" ? "+" : "-"}${pattern}`);
    entry[row.kind] = kept.length ? kept : undefined;
    const left = compact(entry);
    if (left) packages[i] = left;
    else if (entry.autoload === false) packages.splice(i, 1);
    else packages[i] = entry.source;
    settings.packages = packages;
  });
}

/** pi's cycle: from inherit to the opposite of what is inherited, then the other state, then back. */
export function nextState(state: OverrideState, inheritedEnabled: boolean): OverrideState {
  if (state === "inherit") return inheritedEnabled ? "unload" : "load";
  if (state === "unload") return inheritedEnabled ? "load" : "inherit";
  return inheritedEnabled ? "inherit" : "unload";
}

type EntryObject = Exclude<PackageEntry, string>;

function isEntry(p: unknown): p is PackageEntry {
  return typeof p === "string" || (isPlainObject(p) && typeof p.source === "string");
}

function objectOf(entry: PackageEntry): EntryObject {
  return typeof entry === "string" ? { source: entry } : entry;
}

/** The entry with its empty kinds removed; undefined when no kind filters anything. */
function compact(entry: EntryObject): EntryObject | undefined {
  for (const kind of KINDS) if (entry[kind] === undefined) delete entry[kind];
  return KINDS.some((k) => entry[k] !== undefined) ? entry : undefined;
}

function stateOf(entries: string[], targets: Set<string>, emptyIsUnload: boolean): OverrideState {
  if (entries.length === 0 && emptyIsUnload) return "unload";
  let state: OverrideState = "inherit";
  for (const e of entries) {
    if (!targets.has(patternTarget(e))) continue;
    state = e.startsWith("!") || e.startsWith("-") ? "unload" : "load";
  }
  return state;
}

/** The ways a project entry may name a top-level resource. */
function topLevelTargets(row: ResourceRow, d: ConfigDirs): Set<string> {
  const projectBase = join(d.cwd, ".pi");
  return new Set([row.path, relative(projectBase, row.path), relative(row.group.baseDir, row.path)]);
}

function projectSettings(d: ConfigDirs): Record<string, unknown> {
  try {
    return readSettings(join(d.cwd, ".pi", "settings.json"));
  } catch {
    return {};
  }
}

function projectEntry(row: ResourceRow, d: ConfigDirs, settings: Record<string, unknown>): PackageEntry | undefined {
  const packages = Array.isArray(settings.packages) ? settings.packages.filter(isEntry) : [];
  return packages.find((p) => sameSource(row, sourceOf(p), join(d.cwd, ".pi"), d));
}

/** Whether a source written in the file at `base` names the row's package (local paths by where they lead). */
function sameSource(row: ResourceRow, spec: string, base: string, d: ConfigDirs): boolean {
  if (spec === row.group.source) return true;
  const rowBase = row.group.scope === "project" ? join(d.cwd, ".pi") : d.agentDir;
  try {
    const a = parseSource(row.group.source, rowBase);
    const b = parseSource(spec, base);
    return a.kind === "local" && b.kind === "local" && resolve(a.path) === resolve(b.path);
  } catch {
    return false;
  }
}

/** A project entry that only changes what the global package loads; a local path is rewritten relative to .pi. */
function deltaEntry(row: ResourceRow, d: ConfigDirs): EntryObject {
  const source = parseSource(row.group.source, d.agentDir);
  if (source.kind !== "local") return { source: row.group.source, autoload: false };
  return { source: relative(join(d.cwd, ".pi"), source.path) || ".", autoload: false };
}
