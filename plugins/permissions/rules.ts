// Permission rules in Claude Code's syntax: a bare tool name (`bash`, `Edit`,
// `mcp__server__tool`), a whole MCP server (`mcp__server`), or a tool with a specifier:
// `Bash(npm test:*)` (prefix), `Bash(git status)` (exact), `Bash(git * main)` (wildcards),
// `Edit(src/**)`, `Read(./.env)`, `Read(~/secrets/**)`, `Read(//etc/passwd)` (gitignore-style
// paths: relative to the workspace, `~/` home, `//` absolute; no slash matches at any depth).
// Names are matched case-insensitively; `Edit` covers every tool whose effect is "edit" and `Read`
// every reading or searching one, as in Claude Code, by what the tool declares, never by its name.
// Paths match canonically (lib/tool-kit canonicalPath): the file the tool will open, however the
// call spells it, against the specifier with its fixed part resolved the same way.
import { homedir } from "node:os";
import { sep } from "node:path";
import type { ToolEffect } from "pi-kernel";
import { canonicalPath, namedPath } from "../../lib/tool-kit/index.js";
import { commandMatches } from "./shell-rules.js";
import { wildcard } from "./wildcard.js";

export interface Rule {
  text: string;
  tool: string;
  specifier?: string;
}

/** What a rule is matched against: the tool, its arguments and where it runs. */
export interface CallView {
  toolName: string;
  args: Record<string, unknown>;
  cwd: string;
  /** What the tool declares it does (ToolDef.effect); absent: "other". */
  effect?: ToolEffect;
  /** The paths the call touches as the model wrote them (ToolDef.paths); absent: not a path tool. */
  paths?: string[];
}

/** Claude Code's group names, by effect: a rule `Edit` or `Read` covers every tool that declares one of these. */
const GROUPS: Record<string, readonly ToolEffect[]> = { edit: ["edit"], multiedit: ["edit"], read: ["read", "search"], glob: ["search"] };

export function parseRule(text: string): Rule | undefined {
  const m = /^\s*([A-Za-z0-9_*-]+)\s*(?:\(([\s\S]*)\))?\s*$/.exec(text);
  if (!m) return undefined;
  const specifier = m[2]?.trim();
  return { text, tool: m[1], ...(specifier && specifier !== "*" && { specifier }) };
}

/** Whether a rule applies to this call. `mode` "all": every part of a compound shell command must match (allow rules). */
export function ruleMatches(rule: Rule, call: CallView, mode: "any" | "all"): boolean {
  if (!toolMatches(rule.tool, call)) return false;
  if (rule.specifier === undefined) return true;
  if (call.effect === "execute" && typeof call.args.command === "string") return commandMatches(rule.specifier, call.args.command, mode);
  if (call.paths) return pathsMatch(rule.specifier, call, mode);
  // A group's specifier is a path: a tool of the group that names no paths is not covered by it.
  if (GROUPS[rule.tool.toLowerCase()]) return false;
  // Any other tool: the specifier is a wildcard pattern over its string arguments.
  const re = wildcard(rule.specifier);
  return Object.values(call.args).some((v) => typeof v === "string" && re.test(v));
}

function toolMatches(ruleTool: string, call: CallView): boolean {
  const rule = ruleTool.toLowerCase();
  const name = call.toolName.toLowerCase();
  if (rule === name || (call.effect !== undefined && GROUPS[rule]?.includes(call.effect))) return true;
  // `mcp__server` is every tool of that server.
  if (rule.startsWith("mcp__") && !rule.slice(5).includes("__") && name.startsWith(`${rule}__`)) return true;
  return rule.includes("*") && wildcard(rule).test(name);
}

/**
 * The paths a call touches as the model wrote them (an empty one is the workspace, as the search
 * tools take it). No paths declared: not a path tool, so none.
 */
export function spelledPaths(call: CallView): string[] {
  return (call.paths ?? []).map((p) => p || ".");
}

/**
 * Canonical and named paths for one call, each looked up once however many rules ask. Keyed by
 * the call object: decide() judges a fresh copy every time, so nothing outlives one decision (a
 * link changed between two calls is seen by the second).
 */
const memo = new WeakMap<CallView, Map<string, string>>();

function remembered(call: CallView, key: string, find: () => string): string {
  let paths = memo.get(call);
  if (!paths) memo.set(call, (paths = new Map()));
  let path = paths.get(key);
  if (path === undefined) paths.set(key, (path = find()));
  return path;
}

/** canonicalPath of `input` against the call's cwd (the file the tool will open), once per call. */
export function canonicalFor(call: CallView, input: string): string {
  return remembered(call, `c\0${input}`, () => canonicalPath(call.cwd, input));
}

/** namedPath of `input` against the call's cwd, once per call. */
export function namedFor(call: CallView, input: string): string {
  return remembered(call, `n\0${input}`, () => namedPath(call.cwd, input));
}

/**
 * Rules match canonical paths: the file the tool will open, however the call spells it (`@.env`,
 * a no-break space, `link/../.env`). A deny or ask rule ("any") also matches the file as named
 * (namedPath: its last component kept when it is a link), so a rule naming a symlink (`Read(./.env)`
 * where `.env` links elsewhere) still covers it; an allow rule ("all") must cover the canonical
 * path of every path the call touches. A path tool whose paths are unknown is covered by none.
 */
function pathsMatch(specifier: string, call: CallView, mode: "any" | "all"): boolean {
  const paths = spelledPaths(call);
  if (paths.length === 0) return false;
  const glob = globFor(call, specifier);
  if (mode === "all") return paths.every((p) => globMatches(glob, canonicalFor(call, p)));
  return paths.some((p) => globMatches(glob, canonicalFor(call, p)) || globMatches(glob, namedFor(call, p)));
}

/** The canonical fixed part of a rule's path specifier (before any wildcard), or undefined for a rule with none. */
export function ruleBase(rule: Rule, cwd: string): string | undefined {
  if (!rule.specifier) return undefined;
  const full = canonicalGlob(absoluteGlob(rule.specifier, cwd));
  const fixed = full.split("/").findIndex((p) => /[*?]/.test(p));
  return fixed < 0 ? full : full.split("/").slice(0, fixed).join("/") || "/";
}

/** The specifier's canonical glob, once per call. */
function globFor(call: CallView, specifier: string): string {
  return remembered(call, `g\0${specifier}`, () => canonicalGlob(absoluteGlob(specifier, call.cwd)));
}

/** Compiled globs: a pure function of the text, so kept (bounded) across calls. */
const compiled = new Map<string, RegExp[]>();

function globMatches(full: string, path: string): boolean {
  let res = compiled.get(full);
  if (!res) {
    if (compiled.size > 500) compiled.clear();
    // A directory pattern covers what is inside it.
    compiled.set(full, (res = [globRegex(full), globRegex(`${full.replace(/\/$/, "")}/**`)]));
  }
  return res.some((re) => re.test(path));
}

/** The specifier as an absolute glob: relative to the workspace, `~/` home, `//` absolute; a bare name at any depth. */
function absoluteGlob(specifier: string, cwd: string): string {
  let pattern = specifier;
  let base = cwd;
  if (pattern.startsWith("//")) [pattern, base] = [pattern.slice(1), "/"];
  else if (pattern.startsWith("~/")) [pattern, base] = [pattern.slice(1), homedir()];
  else if (pattern.startsWith("./")) pattern = pattern.slice(1);
  else if (!pattern.includes("/")) pattern = `/**/${pattern}`;
  else if (!pattern.startsWith("/")) pattern = `/${pattern}`;
  // `pattern` now starts with "/", under `base` (a leading "/" alone means the workspace).
  return base === "/" ? pattern : `${base.replace(/\/$/, "")}${pattern}`;
}

/** The glob with its leading components up to the first wildcard replaced by their canonical path. */
function canonicalGlob(glob: string): string {
  const parts = glob.split("/");
  const wild = parts.findIndex((p) => /[*?]/.test(p));
  const fixed = wild < 0 ? parts.length : wild;
  if (fixed <= 1) return glob;
  const real = canonicalPath("/", parts.slice(0, fixed).join("/") || "/");
  const rest = parts.slice(fixed).join("/");
  const trailing = wild < 0 && glob.endsWith("/") ? "/" : "";
  return rest ? `${real === sep ? "" : real}/${rest}` : `${real}${trailing}`;
}

/** A gitignore-style glob as a regex: `**` any depth, `*` and `?` within one name. */
function globRegex(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      const slash = glob[i + 2] === "/";
      re += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}
