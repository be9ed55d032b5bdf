// The session's entries as the tree view's items: one line of text per entry with pi's lead-ins
// ("user: ", "assistant: ", "[bash: ...]", "[branch summary]: "), labels with the time they were
// set, and the kind the filters look at. A tool call's lead-in comes from what its tool declares
// (effect and paths, looked up by name), so a third-party tool reads like the built-in it resembles.
import type { ToolDef } from "pi-kernel";
import { declaredPaths } from "../../lib/tool-kit/index.js";
import type { TreeItem } from "../../lib/tui/index.js";
import type { SessionEntry } from "../../contracts/session-entries.js";

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((c) => c?.type === "text" && typeof c.text === "string")
    .map((c) => c.text as string)
    .join(" ");
}

/** Finds a tool's definition by name (the registry); undefined for a tool that is gone. */
export type ToolLookup = (name: string) => ToolDef | undefined;

/** `[bash: npm test]`, `[grep: TODO in src]`, `[edit: src/a.ts]`, else the arguments: `[mcp__s__t: {"q":1}]`. */
export function toolCallLabel(name: string, args: Record<string, unknown>, tool: ToolDef | undefined): string {
  const paths = (declaredPaths(tool, args) ?? []).join(", ");
  if (tool?.effect === "execute" && typeof args.command === "string") {
    const cmd = oneLine(args.command);
    return `[${name}: ${cmd.slice(0, 50)}${cmd.length > 50 ? "..." : ""}]`;
  }
  if (tool?.effect === "search" && typeof args.pattern === "string") return `[${name}: ${args.pattern} in ${paths || "."}]`;
  if (paths) return `[${name}: ${paths}]`;
  const json = JSON.stringify(args) ?? "";
  return `[${name}: ${json.slice(0, 40)}${json.length > 40 ? "..." : ""}]`;
}

type Described = Pick<TreeItem, "kind" | "quiet" | "tag" | "tagToken" | "text" | "textToken">;

function describeMessage(m: { role: string; [k: string]: unknown }, tools: ToolLookup): Described {
  switch (m.role) {
    case "user":
      return { kind: "user", tag: "user: ", tagToken: "accent", text: oneLine(textOf(m.content)) };
    case "assistant": {
      const text = oneLine(textOf(m.content));
      const calls = Array.isArray(m.content) ? m.content.filter((c) => c?.type === "toolCall") : [];
      const failed = m.stopReason === "error" || m.stopReason === "aborted";
      if (failed)
        return {
          kind: "assistant",
          tag: "assistant: ",
          tagToken: "success",
          text: m.stopReason === "aborted" ? "(aborted)" : String(m.errorMessage ?? "error"),
          textToken: m.stopReason === "aborted" ? "muted" : "error",
        };
      if (text) return { kind: "assistant", tag: "assistant: ", tagToken: "success", text };
      if (calls.length)
        return {
          kind: "assistant",
          quiet: true,
          text: calls
            .map((c) => toolCallLabel(String(c.name), (c.arguments ?? {}) as Record<string, unknown>, tools(String(c.name))))
            .join(" "),
          textToken: "muted",
        };
      return { kind: "assistant", quiet: true, tag: "assistant: ", tagToken: "success", text: "(no content)", textToken: "muted" };
    }
    case "toolResult":
      return {
        kind: "toolResult",
        text: `[${String(m.toolName ?? "tool")}] ${oneLine(textOf(m.content)).slice(0, 120)}`,
        textToken: "muted",
      };
    case "bashExecution":
      return { kind: "other", text: `[bash]: ${oneLine(String(m.command ?? ""))}`, textToken: "dim" };
    default:
      return { kind: "other", text: `[${m.role}]`, textToken: "dim" };
  }
}

export function describeEntry(e: SessionEntry, tools: ToolLookup = () => undefined): Described {
  switch (e.type) {
    case "message":
      return describeMessage(e.message as unknown as { role: string }, tools);
    case "custom_message":
      return { kind: "other", tag: `[${e.customType}]: `, tagToken: "customMessageLabel", text: oneLine(textOf(e.content)) };
    case "compaction":
      return { kind: "other", text: `[compaction: ${Math.round(e.tokensBefore / 1000)}k tokens]`, textToken: "borderAccent" };
    case "branch_summary":
      return { kind: "other", tag: "[branch summary]: ", tagToken: "warning", text: oneLine(e.summary).slice(0, 200) };
    case "model_change":
      return { kind: "settings", text: `[model: ${e.modelId}]`, textToken: "dim" };
    case "thinking_level_change":
      return { kind: "settings", text: `[thinking: ${e.thinkingLevel}]`, textToken: "dim" };
    case "custom":
      return { kind: "settings", text: `[custom: ${e.customType}]`, textToken: "dim" };
    case "label":
      return { kind: "settings", text: `[label: ${e.label ?? "(cleared)"}]`, textToken: "dim" };
    case "session_info":
      return { kind: "settings", text: `[title: ${e.name ?? "empty"}]`, textToken: "dim" };
    default: {
      // usage entries (pi 0.74+) and entry types of later versions: bookkeeping, hidden by default.
      const other = e as { type: string; kind?: string };
      return { kind: "settings", text: other.kind ? `[${other.type}: ${other.kind}]` : `[${other.type}]`, textToken: "dim" };
    }
  }
}

/** Builds the items from every entry of the session (file order) and its labels. */
export function treeItems(entries: SessionEntry[], labels: (id: string) => string | undefined, tools: ToolLookup): TreeItem[] {
  const labelTimes = new Map<string, string>();
  for (const e of entries) if (e.type === "label") labelTimes.set(e.targetId, e.timestamp);
  const byId = new Map<string, TreeItem>();
  const roots: TreeItem[] = [];
  for (const e of entries) {
    const label = labels(e.id);
    byId.set(e.id, { id: e.id, ...describeEntry(e, tools), label, labelTime: label ? labelTimes.get(e.id) : undefined, children: [] });
  }
  for (const e of entries) {
    const item = byId.get(e.id)!;
    const parent = e.parentId === null ? undefined : byId.get(e.parentId);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
