// What a tool call does, for the modes: reads (allowed in every mode), file edits (allowed in
// accept-edits when inside the workspace), shell commands, and everything else (MCP and plugin
// tools, which may do anything). Also the one-line summary a dialog shows and the rule that
// "Allow always" writes.
import { relative, sep } from "node:path";
import { agentConfigReason, isInside } from "../../lib/tool-kit/index.js";
import { type CallView, callPath, canonicalFor, namedFor, PATH_TOOLS, spelledPaths, splitCommand } from "./rules.js";

export type Category = "read" | "edit" | "execute" | "other";

const READ_TOOLS = new Set(["read", "grep", "find", "ls", "tool_search"]);
const EDIT_TOOLS = new Set(["edit", "write", "hashline_edit"]);

export function categoryOf(toolName: string): Category {
  if (READ_TOOLS.has(toolName)) return "read";
  if (EDIT_TOOLS.has(toolName)) return "edit";
  return toolName === "bash" ? "execute" : "other";
}

/** Whether every path the call touches is inside the workspace: canonical path against canonical cwd, links followed. */
export function insideWorkspace(call: CallView): boolean {
  const root = canonicalFor(call, ".");
  return spelledPaths(call).every((p) => isInside(root, canonicalFor(call, p)));
}

/**
 * Why an edit call touches agent configuration (settings, extensions, MCP servers, git hooks:
 * lib/tool-kit agentConfigReason), or undefined. Both the file the OS opens and the file as named
 * count, so a `.pi` that is a link to an ordinary folder is still the agent's configuration.
 */
export function configReason(call: CallView, agentDir: string): string | undefined {
  const where = configPlaces(call, agentDir);
  for (const p of spelledPaths(call)) {
    const reason = agentConfigReason(canonicalFor(call, p), where) ?? agentConfigReason(namedFor(call, p), where);
    if (reason) return reason;
  }
  return undefined;
}

/** `bash: npm test`, `edit: src/a.ts`, `mcp__s__t {"q":"x"}`. */
export function summarize(call: CallView): string {
  if (call.toolName === "bash") return `bash: ${clip(String(call.args.command ?? ""))}`;
  if (PATH_TOOLS.has(call.toolName)) return `${call.toolName}: ${displayPath(call)}`;
  return `${call.toolName} ${clip(JSON.stringify(call.args))}`;
}

/** The rule "Allow always" writes: `Bash(npm test:*)`, `Edit(src/a.ts)`, `mcp__s__t`. */
export function suggestRule(call: CallView): string {
  if (call.toolName === "bash") {
    const command = String(call.args.command ?? "").trim();
    const words = command.split(/\s+/);
    // A compound command or one word is allowed exactly; otherwise its first two words.
    if (splitCommand(command).length > 1 || /[$`<>()]/.test(command) || words.length < 2) return `Bash(${command})`;
    return `Bash(${words.slice(0, 2).join(" ")}:*)`;
  }
  if (PATH_TOOLS.has(call.toolName)) {
    const kind = EDIT_TOOLS.has(call.toolName) ? "Edit" : "Read";
    return `${kind}(${insideWorkspace(call) ? displayPath(call) || "." : `/${callPath(call)}`})`;
  }
  return call.toolName;
}

/** The canonical workspace and agent folder agentConfigReason compares against (none given: only the workspace's own). */
export function configPlaces(call: CallView, agentDir: string): { cwd: string; agentDir: string } {
  return { cwd: canonicalFor(call, "."), agentDir: agentDir && canonicalFor(call, agentDir) };
}

function displayPath(call: CallView): string {
  const root = canonicalFor(call, ".");
  const path = callPath(call);
  return isInside(root, path) ? relative(root, path).split(sep).join("/") || "." : path;
}

function clip(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
