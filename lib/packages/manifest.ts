// What a pi package contributes, as pi resolves it: package.json's "pi" manifest ({extensions,
// skills, prompts, themes}: paths or globs relative to the package; `!`/`+`/`-` patterns narrow
// them), else the convention folders (extensions/, skills/, prompts/, themes/). The user's
// per-package filters (filter.ts) then switch single files on and off. A folder given by path
// that has neither a manifest nor a convention folder is itself one extension, imported as Node
// resolves a folder (`main`, else an index): pi's rule for local packages and `-e <folder>`.
// A file in place of a package is one extension. A Claude Code plugin (claude-plugin.ts) offers its
// commands as prompts and its skills as skills.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { claudeOffers, isClaudePlugin, readClaudeManifest } from "./claude-plugin.js";
import { applyPatterns, type Filters, filterStates, isOverride, type ResourceState } from "./filter.js";
import { clean, isGlob, listFiles, matcher } from "./glob.js";
import { readPackageJson } from "./package-json.js";
import { filesOfPaths, pathKind } from "./resource-files.js";

export const KINDS = ["extensions", "skills", "prompts", "themes"] as const;
export type ResourceKind = (typeof KINDS)[number];
export type Resources = Record<ResourceKind, string[]>;
export type ResourceStates = Record<ResourceKind, ResourceState[]>;

export interface ResolveOptions {
  /** The package was given by path (a local source, `-e <folder>`): with nothing else to load, the folder is the extension. */
  folderIsModule?: boolean;
}

/** Every resource file the package offers, each with whether the filters let it load. */
export function packageResourceStates(dir: string, filters?: Filters, o: ResolveOptions = {}): ResourceStates {
  return resolvePackage(dir, filters, o).states;
}

/**
 * The paths to load, per kind. A kind nothing narrows keeps the folders the package lists (the
 * skills and prompts plugins read them live); a narrowed kind lists its enabled files.
 */
export function packageResources(dir: string, filters?: Filters, o: ResolveOptions = {}): Resources {
  const { states, manifest, offers } = resolvePackage(dir, filters, o);
  const out = {} as Resources;
  for (const kind of KINDS) {
    const narrowed = filters?.[kind] !== undefined || (manifest?.[kind] ?? []).some(isOverride);
    const whole = kind !== "extensions" && !narrowed && states[kind].length > 0;
    out[kind] = whole ? (offers?.[kind].roots ?? []) : states[kind].filter((s) => s.enabled).map((s) => s.path);
  }
  return out;
}

type Offer = ReturnType<typeof offered>;

/** The package read once: its manifest, what it offers of each kind, and the filters' verdicts on that. */
function resolvePackage(
  dir: string,
  filters: Filters | undefined,
  o: ResolveOptions,
): { states: ResourceStates; manifest?: Manifest; offers?: Record<ResourceKind, Offer> } {
  const states = { extensions: [], skills: [], prompts: [], themes: [] } as ResourceStates;
  const kind = pathKind(dir);
  if (kind === "file" || kind === "other") return { states: { ...states, extensions: [{ path: dir, enabled: true }] } };
  const manifest = kind === "dir" ? readManifest(dir) : undefined;
  // A pi manifest wins: a folder that is both is read as the pi package it says it is.
  const claude = kind === "dir" && !manifest && isClaudePlugin(dir) ? claudeOffers(dir, readClaudeManifest(dir)) : undefined;
  const none = { roots: [], files: [], declared: true };
  const offers = {} as Record<ResourceKind, Offer>;
  let found = false;
  for (const k of KINDS) {
    offers[k] = claude ? (k === "prompts" || k === "skills" ? claude[k] : none) : offered(dir, manifest, k, filters !== undefined);
    found ||= offers[k].declared;
    states[k] = filterStates(offers[k].files, filters?.[k], dir);
  }
  // pi: a filter entry or a manifest counts as resolved even when it lists nothing.
  if (!found && !filters && !manifest && o.folderIsModule) states.extensions = [{ path: dir, enabled: true }];
  return { states, manifest, offers };
}

/** The `name` in a package's package.json, if it has one. */
export function packageName(dir: string): string | undefined {
  try {
    const name = readPackageJson(dir)?.name;
    return typeof name === "string" && name ? name : undefined;
  } catch {
    return undefined;
  }
}

type Manifest = Partial<Record<ResourceKind, string[]>>;

/** package.json's `pi` object (its lists of strings), or undefined without one. A broken package.json throws. */
function readManifest(dir: string): Manifest | undefined {
  const pi = readPackageJson(dir)?.pi;
  if (!pi || typeof pi !== "object" || Array.isArray(pi)) return undefined;
  const out: Manifest = {};
  for (const kind of KINDS) {
    const v = (pi as Record<string, unknown>)[kind];
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) out[kind] = v;
  }
  return out;
}

/**
 * What the package offers of one kind: the paths it lists (`roots`) and their files with the
 * manifest's own patterns applied. `convention`: fall back to the convention folder when the
 * manifest does not name the kind (pi does for filter entries, not for plain ones).
 */
function offered(
  dir: string,
  manifest: Manifest | undefined,
  kind: ResourceKind,
  convention: boolean,
): { roots: string[]; files: string[]; declared: boolean } {
  const entries = manifest?.[kind];
  if (entries && (entries.length > 0 || !convention)) {
    const roots = expand(
      dir,
      entries.filter((e) => !isOverride(e)),
    );
    const files = filesOfPaths(roots, kind);
    const patterns = entries.filter(isOverride);
    return { roots, files: patterns.length ? applyPatterns(files, patterns, dir) : files, declared: true };
  }
  if (manifest && !convention) return { roots: [], files: [], declared: true };
  const folder = join(dir, kind);
  if (!existsSync(folder)) return { roots: [], files: [], declared: false };
  return { roots: [folder], files: filesOfPaths([folder], kind), declared: true };
}

/** Manifest entries: plain paths as they are, globs matched against the package's files. */
function expand(dir: string, entries: string[]): string[] {
  const out: string[] = [];
  for (const p of entries) {
    if (!isGlob(p)) out.push(resolve(dir, p));
    else {
      const match = matcher(clean(p));
      for (const f of listFiles(dir)) if (match(f)) out.push(join(dir, f));
    }
  }
  return [...new Set(out)];
}
