// How a tool call looks to an ACP client: its kind (the icon and grouping an editor shows),
// a one-line title, the files it touches (for "follow the agent"), and its result as content.
// All of it from what the tool declares (its effect and the paths a call touches, looked up in the
// registry), never from its name: a third-party tool that declares `effect: "edit"` and its paths
// is an edit with a diff like the built-in one.
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";
import type { PluginApi, ToolDef, ToolEffect, ToolResult } from "pi-kernel";
import { canonicalPath, declaredPaths } from "../../lib/tool-kit/index.js";

type Args = Record<string, unknown>;

/** Finds a tool's definition by name (the registry as it is now). */
export type ToolLookup = (name: string) => ToolDef | undefined;

export const registryLookup =
  (api: PluginApi): ToolLookup =>
  (name) =>
    api.registry.get("tool", name);

/** A call as the client is shown it. */
export interface CallInfo {
  kind: ToolKind;
  title: string;
  locations: ToolCallLocation[];
  /** The absolute paths it touches (an edit's diff is of the first). */
  paths: string[];
  effect: ToolEffect;
}

/** Every effect is an ACP kind of the same name (ACP's delete, move and think have no effect). */
const KINDS: Record<ToolEffect, ToolKind> = {
  read: "read",
  search: "search",
  edit: "edit",
  execute: "execute",
  fetch: "fetch",
  other: "other",
};

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function callInfo(tool: ToolDef | undefined, name: string, args: Args, cwd: string): CallInfo {
  const effect = tool?.effect ?? "other";
  // ACP paths are absolute: the file the permission gate judged and the tool opens (one meaning of a path).
  const paths = (declaredPaths(tool, args) ?? []).map((given) => canonicalPath(cwd, given));
  const line = typeof args.offset === "number" ? args.offset : undefined;
  return {
    kind: KINDS[effect] ?? "other",
    title: title(tool, name, effect, args, paths, cwd),
    locations: paths.map((path) => (line !== undefined && paths.length === 1 ? { path, line } : { path })),
    paths,
    effect,
  };
}

/** `Read src/a.ts (10-29)`, `Write src/b.ts`, `npm test`, `grep TODO in src`, `server: tool`. */
function title(tool: ToolDef | undefined, name: string, effect: ToolEffect, args: Args, paths: string[], cwd: string): string {
  const label = tool?.label || name;
  const shown = paths.map((p) => (p === cwd ? "." : p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p)).join(", ");
  if (effect === "execute") return str(args.command) ?? label;
  if (effect === "search") return `${label} ${str(args.pattern) ?? str(args.query) ?? ""}${shown ? ` in ${shown}` : ""}`.trim();
  if (shown) return `${label} ${shown}${range(args)}`;
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  return mcp ? `${mcp[1]}: ${mcp[2]}` : label;
}

/** ` (10-29)` for a call that reads part of a file (offset and limit), else nothing. */
function range(args: Args): string {
  const from = typeof args.offset === "number" ? args.offset : undefined;
  if (from === undefined) return "";
  const to = typeof args.limit === "number" ? from + args.limit - 1 : undefined;
  return ` (${from}${to !== undefined ? `-${to}` : ""})`;
}

/** A result's text and images as tool call content. */
export function resultContent(result: ToolResult | undefined): ToolCallContent[] {
  const out: ToolCallContent[] = [];
  for (const block of result?.content ?? []) {
    if (block.type === "text" && block.text) out.push({ type: "content", content: { type: "text", text: block.text } });
    else if (block.type === "image") out.push({ type: "content", content: { type: "image", data: block.data, mimeType: block.mimeType } });
  }
  return out;
}
