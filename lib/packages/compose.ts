// Composing an agent from packages: the pi-packages.json in use (the built-in one, or the user's
// own via --packages or .pi/pi-packages.json, with what it extends: composition.ts), then the
// `packages` of the global settings and,
// in a trusted project, of the project settings. Each package's resources are resolved through
// its manifest and the entry's filters. Project (and composition) packages that are missing are
// installed on first start; a missing global package is reported, not installed. A project entry
// with `"autoload": false` only switches files of the same global package on or off (what
// `pi config -l` writes).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ClaudePluginParts } from "../../contracts/package-resources.js";
import { type ClaudeFilters, claudeParts, isClaudePlugin } from "./claude-plugin.js";
import { type CompositionNames, readComposition } from "./composition.js";
import { installedDir, installSource, isInstalled } from "./install.js";
import { applyDelta, type Filters } from "./filter.js";
import { KINDS, packageResourceStates, packageResources, type Resources } from "./manifest.js";
import { readPackages, SettingsFileError, sourceOf, type PackageEntry } from "./settings-file.js";
import { identity, parseSource } from "./source.js";

export interface ComposePackagesOptions {
  /** The pi-packages.json composing the agent. */
  packagesFile: string;
  agentDir: string;
  cwd: string;
  /** Whether the project's settings packages may load. */
  projectTrusted: boolean;
  report(level: "warning" | "error", message: string): void;
  /** Names the composition may use without a path (built-in plugins, "extends": "default"). */
  names?: CompositionNames;
  /**
   * The resources of a local package folder resolved before (the install's built-ins, from its
   * build), for an entry that names it plainly (no filters, no delta); undefined: resolve it here.
   * Such a folder is not a Claude Code plugin.
   */
  resolved?(dir: string): Resources | undefined;
}

export interface ComposedPackage {
  dir: string;
  origin: "composition" | "global" | "project";
  /** The entry's source as written (pi's sourceInfo.source for the package's resources). */
  source: string;
  resources: Resources;
  /** A Claude Code plugin's agents, hooks and MCP servers (claude-plugin.ts); its commands and skills are in `resources`. */
  claude?: ClaudePluginParts;
}

export async function composePackages(o: ComposePackagesOptions): Promise<ComposedPackage[]> {
  const composition = readComposition(o.packagesFile, o.report, o.names);
  const lists: { entries: Listed[]; root: string; origin: ComposedPackage["origin"]; autoInstall: boolean }[] = [
    { entries: composition, root: o.agentDir, origin: "composition", autoInstall: true },
    { entries: settingsEntries(join(o.agentDir, "settings.json"), o.agentDir, o), root: o.agentDir, origin: "global", autoInstall: false },
  ];
  if (o.projectTrusted) {
    const projectRoot = join(o.cwd, ".pi");
    const entries = settingsEntries(join(projectRoot, "settings.json"), projectRoot, o);
    lists.push({ entries, root: projectRoot, origin: "project", autoInstall: true });
  }
  // The same package in global and project settings loads once: the project's entry wins, unless
  // it is a delta (autoload false) over the global one.
  const project = lists[2]?.entries ?? [];
  const projectIds = new Map(project.map((e) => [tryIdentity(sourceOf(e.entry), e.base), e.entry]));
  const globalIds = new Set((lists[1]?.entries ?? []).map((e) => tryIdentity(sourceOf(e.entry), e.base)));
  const out: ComposedPackage[] = [];
  for (const list of lists) {
    for (const { entry, base } of list.entries) {
      const spec = sourceOf(entry);
      try {
        const source = parseSource(spec, base);
        const id = identity(source);
        const over = projectIds.get(id);
        if (list.origin === "global" && over !== undefined && !isDelta(over)) continue;
        if (list.origin === "project" && isDelta(entry) && globalIds.has(id)) continue;
        if (!isInstalled(source, list.root)) {
          if (!list.autoInstall) {
            o.report("warning", `package ${spec} is not installed (run: pi install ${spec})`);
            continue;
          }
          await installSource(source, list.root);
        }
        const dir = installedDir(source, list.root);
        const delta = list.origin === "global" && over !== undefined ? over : isDelta(entry) ? entry : undefined;
        const plain = delta === undefined && typeof entry === "string" && source.kind === "local";
        const known = plain ? o.resolved?.(dir) : undefined;
        const resources = known ?? resourcesOfEntry(dir, entry, delta, source.kind === "local");
        const claude = !known && isClaudePlugin(dir) ? claudeOf(dir, entry, spec, list.origin) : undefined;
        out.push({ dir, origin: list.origin, source: spec, resources, ...(claude && { claude }) });
      } catch (error) {
        o.report("error", `package ${spec}: ${(error as Error).message}`);
      }
    }
  }
  return out;
}

const isDelta = (entry: PackageEntry) => typeof entry === "object" && entry.autoload === false;

/** The resources an entry loads: its filters, then a project delta's patterns on top (none loads by itself). */
function resourcesOfEntry(dir: string, entry: PackageEntry, delta: PackageEntry | undefined, local: boolean): Resources {
  const own = typeof entry === "string" || isDelta(entry) ? undefined : (entry as Filters);
  if (!delta || typeof delta === "string") return packageResources(dir, own, { folderIsModule: local });
  const states = packageResourceStates(dir, entry === delta ? {} : own, { folderIsModule: local });
  const out = {} as Resources;
  for (const kind of KINDS) {
    const base = entry === delta ? states[kind].map((s) => ({ ...s, enabled: false })) : states[kind];
    out[kind] = applyDelta(base, delta[kind] ?? [], dir)
      .filter((s) => s.enabled)
      .map((s) => s.path);
  }
  return out;
}

/** A Claude Code plugin's parts under its entry's filters; installed by the person, or by a trusted project's settings. */
function claudeOf(dir: string, entry: PackageEntry, spec: string, origin: ComposedPackage["origin"]): ClaudePluginParts {
  const filters = typeof entry === "string" || isDelta(entry) ? undefined : (entry as ClaudeFilters);
  return claudeParts(dir, filters, spec, origin === "project" ? "project" : "user");
}

/** An entry with the directory its relative source is resolved against. */
type Listed = { entry: PackageEntry; base: string };

/** A settings file's entries; a package name the caller knows (`@pi-kernel/tools-core`) becomes its folder. */
function settingsEntries(file: string, base: string, o: ComposePackagesOptions): Listed[] {
  if (!existsSync(file)) return [];
  try {
    return readPackages(file).map((entry) => {
      const known = o.names?.package(sourceOf(entry));
      return { entry: known ? (typeof entry === "string" ? known : { ...entry, source: known }) : entry, base };
    });
  } catch (error) {
    // A broken file is reported once, where settings are loaded (compose/settings.ts).
    if (!(error instanceof SettingsFileError)) o.report("error", `${file}: ${(error as Error).message}`);
    return [];
  }
}

function tryIdentity(spec: string, base: string): string {
  try {
    return identity(parseSource(spec, base));
  } catch {
    return spec;
  }
}

/** Every resource of one kind across the composed packages, in order. */
export function resourcesOf(packages: ComposedPackage[], kind: (typeof KINDS)[number]): string[] {
  return packages.flatMap((p) => p.resources[kind]);
}
