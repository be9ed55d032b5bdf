// Permission rules in Claude Code's syntax: a bare tool name (`bash`, `Edit`,
// `mcp__server__tool`), a whole MCP server (`mcp__server`), or a tool with a specifier:
// `Bash(npm test:*)` (prefix), `Bash(git status)` (exact), `Bash(git * main)` (wildcards),
// `Edit(src/**)`, `Read(./.env)`, `Read(~/secrets/**)`, `Read(//etc/passwd)` (gitignore-style
// paths: relative to the workspace, `~/` home, `//` absolute; no slash matches at any depth).
// Names are matched case-insensitively; `Edit` covers every tool whose effect is "edit" and `Read`
// every reading or searching one, as in Claude Code, by what the tool declares, never by its name.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { ToolEffect } from "pi-kernel";
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
  if (call.paths) {
    const paths = callPaths(call);
    const one = (path: string) => pathMatches(rule.specifier as string, path, call.cwd);
    return paths.length > 0 && (mode === "all" ? paths.every(one) : paths.some(one));
  }
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

/** The absolute paths a call touches: each of its declared paths, read as callPath reads one. */
export function callPaths(call: CallView): string[] {
  return (call.paths ?? []).map((path) => callPath({ ...call, args: { path } }));
}

/** The absolute path a path tool works on (grep, find and ls default to the workspace). */
export function callPath(call: CallView): string {
  const given = typeof call.args.path === "string" && call.args.path ? call.args.path : ".";
  return resolve(call.cwd, given.replace(/^~(?=\/|$)/, homedir()));
}

function pathMatches(specifier: string, path: string, cwd: string): boolean {
  let pattern = specifier;
  let base = cwd;
  if (pattern.startsWith("//")) [pattern, base] = [pattern.slice(1), "/"];
  else if (pattern.startsWith("~/")) [pattern, base] = [pattern.slice(1), homedir()];
  else if (pattern.startsWith("./")) pattern = pattern.slice(1);
  else if (!pattern.includes("/")) pattern = `/**/${pattern}`;
  else if (!pattern.startsWith("/")) pattern = `/${pattern}`;
  // `pattern` now starts with "/", under `base` (a leading "/" alone means the workspace).
  const full = base === "/" ? pattern : `${base.replace(/\/$/, "")}${pattern}`;
  // A directory pattern covers what is inside it.
  return globRegex(full).test(path) || globRegex(`${full.replace(/\/$/, "")}/**`).test(path);
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
