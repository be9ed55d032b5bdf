// Files that change what the agent is allowed to do or which code it loads: settings with
// permission rules, extensions, agents, MCP servers, packages, hooks. They are not ordinary
// workspace content: accept-edits asks before the model changes them, the sandbox mounts them
// read-only, and code the agent itself wrote there is not loaded without the person's word.
// One list, read by every consumer, so the gate and the sandbox cannot disagree.
import { sep } from "node:path";
import { isInside } from "./canonical-path.js";

/** Folder names whose whole content configures an agent (pi's and Claude Code's). */
const CONFIG_FOLDERS = new Set([".pi", ".claude"]);
/** Single files that configure an agent wherever they sit in a project. */
const CONFIG_FILES = new Set([".mcp.json"]);
/** Git's own code-running configuration (hooks run on commit; `core.hooksPath`/`fsmonitor` in config run commands). */
const GIT_CONFIG = new Set(["hooks", "config"]);

/**
 * Why `path` (absolute and canonical: see canonicalPath) is agent configuration, or undefined.
 * Anything in the agent's own directory counts (an empty agentDir: none); in the workspace, any
 * `.pi/` or `.claude/` folder at any depth, a `.mcp.json`, and `.git/hooks` or `.git/config`.
 * Inside the workspace only the part below it is looked at (a workspace that itself sits under
 * some `.claude/` folder is not all configuration); outside it, the whole path.
 */
export function agentConfigReason(path: string, where: { cwd: string; agentDir: string }): string | undefined {
  if (where.agentDir && isInside(where.agentDir, path)) return "it is in the agent's own configuration folder";
  const below = where.cwd && isInside(where.cwd, path) ? path.slice(where.cwd.length) : path;
  const parts = below.split(sep).filter(Boolean);
  for (const [i, part] of parts.entries()) {
    if (CONFIG_FOLDERS.has(part)) return `it is agent configuration (${part}/)`;
    if (CONFIG_FILES.has(part) && i === parts.length - 1) return `it is agent configuration (${part})`;
    const next = parts[i + 1] ?? "";
    if (part === ".git" && GIT_CONFIG.has(next)) return `it is git configuration that runs code (.git/${next})`;
  }
  return undefined;
}

/** The workspace-relative entries the sandbox mounts read-only (those that exist are bound). */
export const AGENT_CONFIG_ENTRIES = [".pi", ".claude", ".mcp.json", ".git/hooks", ".git/config"] as const;
