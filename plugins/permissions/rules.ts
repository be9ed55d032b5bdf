// Permission rules in Claude Code's syntax: a bare tool name (`bash`, `Edit`,
// `mcp__server__tool`), a whole MCP server (`mcp__server`), or a tool with a specifier:
// `Bash(npm test:*)` (prefix), `Bash(git status)` (exact), `Bash(git * main)` (wildcards),
// `Edit(src/**)`, `Read(./.env)`, `Read(~/secrets/**)`, `Read(//etc/passwd)` (gitignore-style
// paths: relative to the workspace, `~/` home, `//` absolute; no slash matches at any depth).
// Names are matched case-insensitively; `Edit` covers every file-editing tool and `Read` every
// reading one, as in Claude Code.
import { homedir } from "node:os";
import { sep } from "node:path";
import { canonicalPath, namedPath } from "../../lib/tool-kit/index.js";

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
  /** The paths the tool declares this call touches, as written (ToolDef.paths); none: its `path` argument. */
  paths?: readonly string[];
}

const GROUPS: Record<string, string[]> = {
  edit: ["edit", "write", "hashline_edit"],
  multiedit: ["edit", "hashline_edit"],
  read: ["read", "grep", "find", "ls"],
  glob: ["find"],
};
export const PATH_TOOLS = new Set(["read", "grep", "find", "ls", "edit", "write", "hashline_edit"]);

export function parseRule(text: string): Rule | undefined {
  const m = /^\s*([A-Za-z0-9_*-]+)\s*(?:\(([\s\S]*)\))?\s*$/.exec(text);
  if (!m) return undefined;
  const specifier = m[2]?.trim();
  return { text, tool: m[1], ...(specifier && specifier !== "*" && { specifier }) };
}

/** Whether a rule applies to this call. `mode` "all": every part of a compound shell command must match (allow rules). */
export function ruleMatches(rule: Rule, call: CallView, mode: "any" | "all"): boolean {
  if (!toolMatches(rule.tool, call.toolName)) return false;
  if (rule.specifier === undefined) return true;
  if (call.toolName === "bash") return commandMatches(rule.specifier, String(call.args.command ?? ""), mode);
  if (PATH_TOOLS.has(call.toolName) || call.paths?.length) return pathsMatch(rule.specifier, call, mode);
  // Any other tool: the specifier is a wildcard pattern over its string arguments.
  const re = wildcard(rule.specifier);
  return Object.values(call.args).some((v) => typeof v === "string" && re.test(v));
}

function toolMatches(ruleTool: string, toolName: string): boolean {
  const rule = ruleTool.toLowerCase();
  const name = toolName.toLowerCase();
  if (rule === name || GROUPS[rule]?.includes(name)) return true;
  // `mcp__server` is every tool of that server.
  if (rule.startsWith("mcp__") && !rule.slice(5).includes("__") && name.startsWith(`${rule}__`)) return true;
  return rule.includes("*") && wildcard(rule).test(name);
}

/** The paths a call touches as the model wrote them: those the tool declares, else `path` (search tools default to the workspace). */
export function spelledPaths(call: CallView): string[] {
  if (call.paths?.length) return [...call.paths];
  return [typeof call.args.path === "string" && call.args.path ? call.args.path : "."];
}

/** The file the operating system will touch for the call's first path (lib/tool-kit canonicalPath, as the tools open it). */
export function callPath(call: CallView): string {
  return canonicalFor(call, spelledPaths(call)[0]);
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

/** canonicalPath of `input` against the call's cwd, once per call. */
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
 * path of every path the call touches.
 */
function pathsMatch(specifier: string, call: CallView, mode: "any" | "all"): boolean {
  const paths = spelledPaths(call);
  const glob = globFor(call, specifier);
  if (mode === "all") return paths.every((p) => globMatches(glob, canonicalFor(call, p)));
  return paths.some((p) => globMatches(glob, canonicalFor(call, p)) || globMatches(glob, namedFor(call, p)));
}

function commandMatches(specifier: string, command: string, mode: "any" | "all"): boolean {
  const parts = splitCommand(command);
  // Command substitution can run anything: an allow rule never covers it.
  if (mode === "all" && /\$\(|`|<\(|>\(/.test(command)) return false;
  const one = (part: string) => {
    if (specifier.endsWith(":*")) {
      const prefix = specifier.slice(0, -2).trim();
      return part === prefix || part.startsWith(`${prefix} `);
    }
    return wildcard(specifier).test(part);
  };
  if (parts.length === 0) return false;
  return mode === "all" ? parts.every(one) : parts.some(one) || one(command.trim());
}

/** The simple commands of a command line, split at `&&`, `||`, `;`, `|`, `&` and newlines outside quotes. */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"') current += command[i++];
      current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (c === "\\") {
      current += c + (command[++i] ?? "");
    } else if (/[;&|\n]/.test(c)) {
      if (current.trim()) parts.push(current.trim());
      current = "";
      if ((c === "&" || c === "|") && command[i + 1] === c) i++;
    } else current += c;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The canonical fixed part of a rule's path specifier (before any wildcard), or undefined for a rule with none. */
export function ruleBase(rule: Rule, cwd: string): string | undefined {
  if (!rule.specifier) return undefined;
  const full = canonicalGlob(absoluteGlob(rule.specifier, cwd));
  const fixed = full.split("/").findIndex((p) => /[*?]/.test(p));
  return fixed < 0 ? full : full.split("/").slice(0, fixed).join("/") || "/";
}

/** Whether `path` (absolute) matches a path specifier; the specifier's fixed part is canonicalised too, so links on it resolve alike. */
export function pathMatches(specifier: string, path: string, cwd: string): boolean {
  return globMatches(canonicalGlob(absoluteGlob(specifier, cwd)), path);
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

/** `*` matches anything (Bash specifiers, tool names). */
function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "s",
  );
}
