// What a tool call does, for the modes: reads (allowed in every mode), file edits (allowed in
// accept-edits when inside the workspace), shell commands, and everything else (MCP and plugin
// tools that declare nothing, which may do anything). All of it from what the tool declares (its
// effect and the paths a call touches), never from its name, so a third-party tool is treated as
// the built-in one it resembles. Also the one-line summary a dialog shows and the rule that
// "Allow always" writes.
import { relative, sep } from "node:path";
import type { ToolCallEvent, ToolDef } from "pi-kernel";
import { agentConfigReason, declaredPaths, isInside } from "../../lib/tool-kit/index.js";
import { type CallView, canonicalFor, namedFor, spelledPaths } from "./rules.js";
import { isPlainCommand } from "./shell-rules.js";

export type Category = "read" | "edit" | "execute" | "other";

export function categoryOf(call: CallView): Category {
  if (call.effect === "read" || call.effect === "search") return "read";
  if (call.effect === "edit" || call.effect === "execute") return call.effect;
  return "other";
}

/** The call as the rules see it, with what its tool (looked up in the registry) declares. */
export function callView(event: ToolCallEvent, tool: ToolDef | undefined, cwd: string): CallView {
  const call: CallView = { toolName: event.toolName, args: event.input, cwd };
  if (tool?.effect) call.effect = tool.effect;
  // A tool whose paths cannot be read is a path tool whose paths are unknown: never inside the workspace.
  const paths = declaredPaths(tool, event.input);
  if (paths) call.paths = paths;
  return call;
}

/**
 * Whether every path the call touches is inside the workspace: canonical path against canonical
 * cwd, links followed (the file the tool will open); none known: no.
 */
export function insideWorkspace(call: CallView): boolean {
  const paths = spelledPaths(call);
  return paths.length > 0 && paths.every((p) => inside(call, canonicalFor(call, p)));
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

/** The canonical workspace and agent folder agentConfigReason compares against (none given: only the workspace's own). */
export function configPlaces(call: CallView, agentDir: string): { cwd: string; agentDir: string } {
  return { cwd: canonicalFor(call, "."), agentDir: agentDir && canonicalFor(call, agentDir) };
}

/** Whether a canonical path is in the call's (canonical) workspace. */
function inside(call: CallView, path: string): boolean {
  return isInside(canonicalFor(call, "."), path);
}

/** `bash: npm test`, `edit: src/a.ts`, `mcp__s__t {"q":"x"}`. */
export function summarize(call: CallView): string {
  const command = shellCommand(call);
  if (command !== undefined) return `${call.toolName}: ${clip(command)}`;
  if (call.paths?.length)
    return `${call.toolName}: ${spelledPaths(call)
      .map((p) => displayPath(call, canonicalFor(call, p)))
      .join(", ")}`;
  return `${call.toolName} ${clip(JSON.stringify(call.args))}`;
}

/** The rule "Allow always" writes: `Bash(npm test:*)`, `Edit(src/a.ts)`, `mcp__s__t`. */
export function suggestRule(call: CallView): string {
  const command = shellCommand(call)?.trim();
  if (command !== undefined) {
    const name = call.toolName.charAt(0).toUpperCase() + call.toolName.slice(1);
    const words = command.split(/\s+/);
    // Anything but one plain simple command (as bash's grammar reads it), or one word, is allowed exactly; otherwise its first two words.
    if (!isPlainCommand(command) || words.length < 2) return `${name}(${command})`;
    return `${name}(${words.slice(0, 2).join(" ")}:*)`;
  }
  // One path: that path (several: the tool, which the user can narrow in settings).
  if (call.paths?.length === 1) {
    const category = categoryOf(call);
    const kind = category === "edit" ? "Edit" : category === "read" ? "Read" : call.toolName;
    const path = canonicalFor(call, spelledPaths(call)[0]);
    return `${kind}(${inside(call, path) ? displayPath(call, path) : `/${path}`})`;
  }
  return call.toolName;
}

/** The command line of a tool that runs one (effect "execute" with a `command` argument). */
function shellCommand(call: CallView): string | undefined {
  return call.effect === "execute" && typeof call.args.command === "string" ? call.args.command : undefined;
}

/** A canonical path as a person reads it: relative to the workspace inside it, else absolute. */
function displayPath(call: CallView, path: string): string {
  return inside(call, path) ? relative(canonicalFor(call, "."), path).split(sep).join("/") || "." : path;
}

function clip(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
