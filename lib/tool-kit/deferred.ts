// Deferred tools: registered like any tool, but the model only sees their names (one line in the
// system prompt) until it finds one with `tool_search` (plugins/deferred-tools), which activates it
// for the next turn. The marker is a plain `deferred: true` field on the tool object, so plugins
// that cannot import this file write it themselves, with `defaultActive: false`.
import type { ToolDef } from "pi-kernel";

export type DeferredTool = ToolDef & { deferred: true };

/** Marks a tool as deferred: not sent to the model until tool_search finds it. */
export function deferTool<T extends ToolDef>(tool: T): T & { deferred: true } {
  return Object.assign(tool, { deferred: true as const, defaultActive: false });
}

export function isDeferred(tool: ToolDef): tool is DeferredTool {
  return (tool as { deferred?: unknown }).deferred === true;
}
