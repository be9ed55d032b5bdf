// What a tool call does, for the modes: reads (allowed in every mode), file edits (allowed in
// accept-edits when inside the workspace), shell commands, and everything else (MCP and plugin
// tools, which may do anything). Also the one-line summary a dialog shows and the rule that
// "Allow always" writes.
import { relative, sep } from "node:path";
import { type CallView, callPath, PATH_TOOLS } from "./rules.js";
import { isPlainCommand } from "./shell-rules.js";

export type Category = "read" | "edit" | "execute" | "other";

const READ_TOOLS = new Set(["read", "grep", "find", "ls", "tool_search"]);
const EDIT_TOOLS = new Set(["edit", "write", "hashline_edit"]);

export function categoryOf(toolName: string): Category {
  if (READ_TOOLS.has(toolName)) return "read";
  if (EDIT_TOOLS.has(toolName)) return "edit";
  return toolName === "bash" ? "execute" : "other";
}

/** Whether a path tool's target is inside the workspace (symlinks are not followed). */
export function insideWorkspace(call: CallView): boolean {
  const rel = relative(call.cwd, callPath(call));
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
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
    // Anything but one plain simple command (as bash's grammar reads it), or one word, is allowed exactly; otherwise its first two words.
    if (!isPlainCommand(command) || words.length < 2) return `Bash(${command})`;
    return `Bash(${words.slice(0, 2).join(" ")}:*)`;
  }
  if (PATH_TOOLS.has(call.toolName)) {
    const kind = EDIT_TOOLS.has(call.toolName) ? "Edit" : "Read";
    return `${kind}(${insideWorkspace(call) ? displayPath(call) || "." : `/${callPath(call)}`})`;
  }
  return call.toolName;
}

function displayPath(call: CallView): string {
  return insideWorkspace(call) ? relative(call.cwd, callPath(call)).split(sep).join("/") || "." : callPath(call);
}

function clip(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
