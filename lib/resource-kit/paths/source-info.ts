// Where a resource (prompt template, skill, extension) was found, in pi's SourceInfo shape, as
// RPC get_commands and pi.getCommands() report it. pi's rules: settings entries are source
// "local", auto-discovered directories "auto" (baseDir the .pi dir or the agent dir), package
// resources carry the package's source string with origin "package" (baseDir the package dir),
// `-e` extensions are source "cli", and other paths given for this run are "local" with scope
// "temporary" (baseDir the directory given, or the file's directory).
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { SourceInfo } from "../../../contracts/commands.js";
import type { PackageOrigin } from "../../../contracts/package-resources.js";

export type { SourceInfo } from "../../../contracts/commands.js";
export type { PackageOrigin } from "../../../contracts/package-resources.js";
/** Everything but the path: what a whole root (directory, package) shares. */
export type SourceMeta = Omit<SourceInfo, "path">;

export function sourceInfo(path: string, meta: SourceMeta): SourceInfo {
  const { baseDir, ...rest } = meta;
  return baseDir === undefined ? { path, ...rest } : { path, ...rest, baseDir };
}

export function autoMeta(scope: "user" | "project", baseDir: string): SourceMeta {
  return { source: "auto", scope, origin: "top-level", baseDir };
}

/**
 * The package `path` belongs to (the innermost one), if the composition took it from a package
 * (`origins`: the "package-resources" service's, absent when no composition root provides it).
 */
export function packageMeta(origins: readonly PackageOrigin[] | undefined, path: string): SourceMeta | undefined {
  const within = (origins ?? []).filter((o) => isUnder(path, o.baseDir));
  const best = within.sort((a, b) => b.baseDir.length - a.baseDir.length)[0];
  return best && { source: best.source, scope: best.scope, origin: "package", baseDir: best.baseDir };
}

/** A path given for this run (--skill, --prompt-template, an extension's resources_discover). */
export function givenPathMeta(path: string, o: { cwd: string; agentDir: string }): SourceMeta {
  const kinds = ["skills", "prompts", "themes", "extensions"];
  for (const [scope, base] of [
    ["user", o.agentDir],
    ["project", join(o.cwd, ".pi")],
  ] as const) {
    const root = kinds.map((k) => join(base, k)).find((r) => isUnder(path, r));
    if (root) return { source: "local", scope, origin: "top-level", baseDir: root };
  }
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    /* a missing path: its parent */
  }
  return { source: "local", scope: "temporary", origin: "top-level", baseDir: isDir ? resolve(path) : dirname(resolve(path)) };
}

/**
 * A settings entry (`prompts`, `skills`): "project" when the project's .pi/settings.json lists
 * it (the merged settings no longer say which file it came from), else "user".
 */
export function settingsMeta(key: string, entry: string, cwd: string): SourceMeta {
  let listed = false;
  try {
    const value = (JSON.parse(readFileSync(join(cwd, ".pi", "settings.json"), "utf8")) as Record<string, unknown>)[key];
    listed = Array.isArray(value) && value.includes(entry);
  } catch {
    /* no project settings: a user entry */
  }
  return { source: "local", scope: listed ? "project" : "user", origin: "top-level" };
}

function isUnder(path: string, dir: string): boolean {
  const p = resolve(path);
  const d = resolve(dir);
  return p === d || p.startsWith(d.endsWith(sep) ? d : d + sep);
}
