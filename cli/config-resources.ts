// What `pi config` lists: one row per resource file, grouped as pi groups them. The packages of
// the settings (the global ones, and in the project view the project's too) with every file they
// offer and whether their filters let it load, then the auto-discovered resources of the agent dir
// (~/.pi/agent/{extensions,skills,prompts,themes}) and, in the project view, of the project's .pi,
// switched by the settings' override patterns, and pi-kernel's own skills and prompt templates.
// pi-kernel's built-in plugins are composed by pi-packages.json, not by settings, so they are not listed.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { packageRoot } from "../compose/package-root.js";
import {
  autoOverrides,
  extensionFiles,
  filesOfPaths,
  installedDir,
  KINDS,
  type PackageEntry,
  packageResourceStates,
  parseSource,
  readPackages,
  type ResourceKind,
  sourceOf,
} from "../lib/packages/index.js";

export type Scope = "user" | "project";

export interface ResourceGroup {
  /** pi's group key: origin, scope, source. */
  key: string;
  label: string;
  scope: Scope;
  origin: "package" | "top-level";
  /** The package source as written in its settings file ("auto" for auto-discovered resources). */
  source: string;
  /** Patterns are relative to it: the package folder, the agent dir or the project's .pi. */
  baseDir: string;
}

export interface ResourceRow {
  group: ResourceGroup;
  kind: ResourceKind;
  path: string;
  name: string;
  enabled: boolean;
}

export interface ConfigDirs {
  cwd: string;
  agentDir: string;
  home: string;
}

/** The rows of one view: "global" (global settings only) or "project" (both files). */
export function resourceRows(view: "global" | "project", d: ConfigDirs): ResourceRow[] {
  const projectBase = join(d.cwd, ".pi");
  const inProject = view === "project";
  const rows = [...packageRows("user", d.agentDir, d), ...(inProject ? packageRows("project", projectBase, d) : [])];
  const enabled = autoOverrides({ agentDir: d.agentDir, cwd: d.cwd, projectTrusted: inProject });
  const auto = (scope: Scope, base: string) => {
    const group = autoGroup(scope, base, d);
    return KINDS.flatMap((kind) => autoFiles(kind, base).map((path) => row(group, kind, path, enabled(kind, path, scope))));
  };
  return [...rows, ...auto("user", d.agentDir), ...(inProject ? auto("project", projectBase) : []), ...builtinRows(enabled)];
}

/**
 * pi-kernel's own skills and prompt templates (skills/, prompts/ in the package): the lowest-ranked
 * source, switched like the user's auto-discovered files (by absolute path in the settings).
 */
function builtinRows(enabled: ReturnType<typeof autoOverrides>): ResourceRow[] {
  const root = packageRoot();
  const group: ResourceGroup = {
    key: "top-level:user:builtin",
    label: "Built-in (pi-kernel)",
    scope: "user",
    origin: "top-level",
    source: "builtin",
    baseDir: root,
  };
  return (["skills", "prompts"] as const).flatMap((kind) =>
    autoFiles(kind, root).map((path) => row(group, kind, path, enabled(kind, path, "user"))),
  );
}

function packageRows(scope: Scope, root: string, d: ConfigDirs): ResourceRow[] {
  const file = join(root, "settings.json");
  let entries: PackageEntry[];
  try {
    entries = existsSync(file) ? readPackages(file) : [];
  } catch {
    return []; // a broken settings file is reported before the view opens
  }
  return entries.flatMap((entry) => {
    const spec = sourceOf(entry);
    try {
      const source = parseSource(spec, root);
      const dir = installedDir(source, root);
      if (!existsSync(dir)) return [];
      const filters = typeof entry === "string" || entry.autoload === false ? undefined : entry;
      const states = packageResourceStates(dir, filters, { folderIsModule: source.kind === "local" });
      const group: ResourceGroup = {
        key: `package:${scope}:${spec}`,
        label: `${spec} (${scope})`,
        scope,
        origin: "package",
        source: spec,
        baseDir: dir,
      };
      return KINDS.flatMap((kind) => states[kind].map((s) => row(group, kind, s.path, s.enabled)));
    } catch {
      return [];
    }
  });
}

function autoGroup(scope: Scope, base: string, d: ConfigDirs): ResourceGroup {
  const shown = base.startsWith(d.home) ? `~${base.slice(d.home.length)}` : base;
  const label = scope === "user" ? `User (${shown.endsWith("/") ? shown : `${shown}/`})` : "Project (.pi/)";
  return { key: `top-level:${scope}:auto`, label, scope, origin: "top-level", source: "auto", baseDir: base };
}

/** Auto-discovered files, pi's way: extensions and skills as in packages, prompts and themes only at the top. */
function autoFiles(kind: ResourceKind, base: string): string[] {
  const dir = join(base, kind);
  if (!existsSync(dir)) return [];
  if (kind === "extensions") return extensionFiles(dir);
  if (kind === "skills") return filesOfPaths([dir], "skills");
  const ext = kind === "prompts" ? ".md" : ".json";
  return readdirSync(dir)
    .filter((n) => n.endsWith(ext) && !n.startsWith("."))
    .sort()
    .map((n) => join(dir, n));
}

function row(group: ResourceGroup, kind: ResourceKind, path: string, enabled: boolean): ResourceRow {
  return { group, kind, path, name: displayName(kind, path), enabled };
}

/** pi's row names: a skill by its folder, an extension outside extensions/ with its folder. */
function displayName(kind: ResourceKind, path: string): string {
  const file = basename(path);
  const parent = basename(dirname(path));
  if (kind === "extensions" && parent !== "extensions") return `${parent}/${file}`;
  if (kind === "skills" && file === "SKILL.md") return parent;
  return file;
}
