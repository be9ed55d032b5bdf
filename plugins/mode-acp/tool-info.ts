// How a pi tool call looks to an ACP client: its kind (the icon and grouping an editor shows),
// a one-line title, the files it touches (for "follow the agent"), and its result as content.
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";
import type { ToolResult } from "pi-kernel";
import { canonicalPath } from "../../lib/tool-kit/index.js";

type Args = Record<string, unknown>;

const KINDS: Record<string, ToolKind> = {
  read: "read",
  edit: "edit",
  write: "edit",
  hashline_edit: "edit",
  bash: "execute",
  grep: "search",
  find: "search",
  ls: "search",
  tool_search: "search",
  web_fetch: "fetch",
  fetch: "fetch",
  web_search: "fetch",
  think: "think",
};

export function toolKind(name: string): ToolKind {
  return KINDS[name] ?? "other";
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** The path a file tool names, absolute (ACP paths are absolute). */
export function toolPath(args: Args, cwd: string): string | undefined {
  const given = str(args.path) ?? str(args.file_path);
  if (!given) return undefined;
  return canonicalPath(cwd, given);
}

export function toolTitle(name: string, args: Args, cwd: string): string {
  const path = toolPath(args, cwd);
  const shown = path && (path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path);
  switch (name) {
    case "read": {
      const from = typeof args.offset === "number" ? args.offset : undefined;
      const to = from !== undefined && typeof args.limit === "number" ? from + args.limit - 1 : undefined;
      return `Read ${shown ?? "file"}${from !== undefined ? ` (${from}${to !== undefined ? `-${to}` : ""})` : ""}`;
    }
    case "edit":
    case "hashline_edit":
      return `Edit ${shown ?? "file"}`;
    case "write":
      return `Write ${shown ?? "file"}`;
    case "bash":
      return str(args.command) ?? "bash";
    case "grep":
      return `grep ${str(args.pattern) ?? ""}${shown ? ` in ${shown}` : ""}`.trim();
    case "find":
      return `find ${str(args.pattern) ?? ""}${shown ? ` in ${shown}` : ""}`.trim();
    case "ls":
      return `ls ${shown ?? "."}`;
  }
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  return mcp ? `${mcp[1]}: ${mcp[2]}` : name;
}

export function toolLocations(args: Args, cwd: string): ToolCallLocation[] {
  const path = toolPath(args, cwd);
  if (!path) return [];
  return [typeof args.offset === "number" ? { path, line: args.offset } : { path }];
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
