// Which files a tool result concerns lsp with: the start-up side (index.ts, before the pool's code
// is loaded) and the after-edit check ask the same question.
import type { PluginApi, ToolResultEvent } from "pi-kernel";
import { canonicalPath, declaredPaths } from "../../lib/tool-kit/index.js";
import type { LspOptions } from "./settings.js";

/**
 * The canonical paths a successful read or edit declares it touched, with that effect; undefined
 * when lsp is off, the result is an error or the tool neither reads nor edits files.
 */
export function touchedFiles(
  api: PluginApi,
  event: ToolResultEvent,
  o: LspOptions,
): { effect: "read" | "edit"; paths: string[] } | undefined {
  if (!o.enabled || event.isError) return undefined;
  const tool = api.registry.get("tool", event.toolName);
  if (tool?.effect !== "edit" && tool?.effect !== "read") return undefined;
  return { effect: tool.effect, paths: [...new Set((declaredPaths(tool, event.input) ?? []).map((p) => canonicalPath(api.cwd, p)))] };
}
