// A Claude Code plugin as a package: a folder with `.claude-plugin/plugin.json` (and no `pi`
// manifest of its own). Claude Code's layout maps onto pi's kinds where they are the same thing:
// `commands/**\/*.md` are prompt templates and `skills/*\/SKILL.md` skills (so the user's filters,
// `pi config` and the live indexes work on them as on any package's); its `agents/*.md`, hooks
// (`hooks/hooks.json`) and MCP servers (`.mcp.json`) are the claude-plugins plugin's, handed over
// through the "package-resources" service. plugin.json's `commands`, `agents` and `skills` paths
// add to the default folders, as in Claude Code; its `hooks` and `mcpServers` (a path, a list, or
// the object inline) replace the default file. Every path must stay inside the plugin.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { ClaudeConfigRef, ClaudePluginParts } from "../../contracts/package-resources.js";
import { type Filters, filterStates } from "./filter.js";
import { readPackageJson } from "./package-json.js";
import { filesOfPaths, pathKind } from "./resource-files.js";

export const CLAUDE_MANIFEST = join(".claude-plugin", "plugin.json");

/** What plugin.json says, with Claude Code's defaults filled in (absolute paths). */
export interface ClaudeManifest {
  name: string;
  commands: string[];
  agents: string[];
  skills: string[];
  hooks: ClaudeConfigRef[];
  mcpServers: ClaudeConfigRef[];
}

/** Extra filter keys a Claude Code plugin's package entry may carry, besides `prompts` (commands) and `skills`. */
export type ClaudeFilters = Filters & { agents?: string[]; hooks?: string[]; mcpServers?: string[] };

/** A folder with plugin.json and no `pi` manifest (one with both is the pi package it says it is). */
export function isClaudePlugin(dir: string): boolean {
  if (pathKind(join(dir, CLAUDE_MANIFEST)) !== "file") return false;
  const pi = readPackageJson(dir)?.pi;
  return !pi || typeof pi !== "object";
}

/** plugin.json read and checked; a broken one throws, naming the file and the field. */
export function readClaudeManifest(dir: string): ClaudeManifest {
  const file = join(dir, CLAUDE_MANIFEST);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${file}: must be a JSON object`);
  const name = typeof json.name === "string" && json.name ? json.name : dir.split(/[\\/]/).pop()!;
  const paths = (key: string, fallback: string) => [join(dir, fallback), ...listed(dir, file, key, json[key])];
  return {
    name,
    commands: paths("commands", "commands"),
    agents: paths("agents", "agents"),
    skills: paths("skills", "skills"),
    hooks: configRefs(dir, file, "hooks", json.hooks, join(dir, "hooks", "hooks.json")),
    mcpServers: configRefs(dir, file, "mcpServers", json.mcpServers, join(dir, ".mcp.json")),
  };
}

/** A string or a list of strings, each a path inside the plugin. */
function listed(dir: string, file: string, key: string, value: unknown): string[] {
  if (value === undefined) return [];
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || !list.every((v) => typeof v === "string"))
    throw new Error(`${file}: "${key}" must be a path or a list of paths`);
  return list.map((p) => inside(dir, file, key, p));
}

function inside(dir: string, file: string, key: string, p: string): string {
  const abs = resolve(dir, p);
  const rel = relative(dir, abs);
  if (rel.startsWith("..") || isAbsolute(rel)) throw new Error(`${file}: "${key}" path ${p} leaves the plugin's folder`);
  return abs;
}

/** `hooks` / `mcpServers`: paths, objects inline, or (not given) the default file if it exists. */
function configRefs(dir: string, file: string, key: string, value: unknown, fallback: string): ClaudeConfigRef[] {
  if (value === undefined) return existsSync(fallback) ? [{ file: fallback }] : [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => {
    if (typeof v === "string") return { file: inside(dir, file, key, v) };
    if (v && typeof v === "object") return { file, value: v };
    throw new Error(`${file}: "${key}" must be a path, an object or a list of them`);
  });
}

/** What the plugin offers as pi kinds: its commands as prompts, its skills as skills (folders as listed, and their files). */
export function claudeOffers(dir: string, m: ClaudeManifest): { prompts: Offer; skills: Offer } {
  // Prompt folders are read without descending: each folder under commands/ is given as one of its own.
  const promptRoots = m.commands.flatMap((p) => (pathKind(p) === "dir" ? foldersUnder(p) : pathKind(p) === "file" ? [p] : []));
  const skillRoots = m.skills.filter((p) => pathKind(p) !== "missing");
  return {
    prompts: { roots: promptRoots, files: filesOfPaths(promptRoots, "prompts").filter(unique()), declared: true },
    skills: { roots: skillRoots, files: filesOfPaths(skillRoots, "skills"), declared: true },
  };
}

export interface Offer {
  roots: string[];
  files: string[];
  declared: boolean;
}

/**
 * The parts only the claude-plugins plugin reads, with the entry's filters applied: agent files
 * (`agents`), hook and MCP config files (`hooks`, `mcpServers`; `[]` switches them off).
 */
export function claudeParts(dir: string, filters: ClaudeFilters | undefined, source: string, scope: "user" | "project"): ClaudePluginParts {
  const m = readClaudeManifest(dir);
  const agentFiles = filesOfPaths(
    m.agents.filter((p) => pathKind(p) !== "missing"),
    "prompts",
  ).filter(unique());
  const agents = filters?.agents === undefined ? m.agents.filter((p) => pathKind(p) !== "missing") : on(agentFiles, filters.agents, dir);
  const refs = (all: ClaudeConfigRef[], patterns: string[] | undefined) => {
    const kept = new Set(on([...new Set(all.map((r) => r.file))], patterns, dir));
    return all.filter((r) => kept.has(r.file));
  };
  return {
    name: m.name,
    root: dir,
    source,
    scope,
    agents,
    hooks: refs(m.hooks, filters?.hooks),
    mcpServers: refs(m.mcpServers, filters?.mcpServers),
  };
}

function on(files: string[], patterns: string[] | undefined, dir: string): string[] {
  return filterStates(files, patterns, dir)
    .filter((s) => s.enabled)
    .map((s) => s.path);
}

function unique(): (x: string) => boolean {
  const seen = new Set<string>();
  return (x) => !seen.has(x) && !!seen.add(x);
}

/** A folder and every folder under it (no dot folders, bounded depth). */
function foldersUnder(root: string, depth = 0): string[] {
  if (depth > 8) return [];
  let names: string[] = [];
  try {
    names = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules")
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  return [root, ...names.flatMap((n) => foldersUnder(join(root, n), depth + 1))];
}

/** How many of each part a Claude Code plugin has (undefined: not one), for `pi install`'s report. */
export function claudePluginCounts(
  dir: string,
): (Record<"commands" | "agents" | "skills" | "hooks" | "mcpServers", number> & { name: string }) | undefined {
  if (!isClaudePlugin(dir)) return undefined;
  const m = readClaudeManifest(dir);
  const offers = claudeOffers(dir, m);
  const parts = claudeParts(dir, { agents: ["**"] }, "", "user");
  return {
    name: m.name,
    commands: offers.prompts.files.length,
    agents: parts.agents.length,
    skills: offers.skills.files.length,
    hooks: parts.hooks.length,
    mcpServers: parts.mcpServers.length,
  };
}
