// The session's entries as the tree view's items: one line of text per entry with pi's lead-ins
// ("user: ", "assistant: ", "[bash: ...]", "[branch summary]: "), labels with the time they were
// set, and the kind the filters look at.
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

function toolCall(name: string, args: Record<string, unknown>): string {
  const path = String(args.path ?? args.file_path ?? "");
  switch (name) {
    case "read":
    case "write":
    case "edit":
    case "ls":
      return `[${name}: ${path || "."}]`;
    case "bash": {
      const cmd = oneLine(String(args.command ?? ""));
      return `[bash: ${cmd.slice(0, 50)}${cmd.length > 50 ? "..." : ""}]`;
    }
    case "grep":
      return `[grep: /${String(args.pattern ?? "")}/ in ${path || "."}]`;
    case "find":
      return `[find: ${String(args.pattern ?? "")} in ${path || "."}]`;
    default: {
      const json = JSON.stringify(args) ?? "";
      return `[${name}: ${json.slice(0, 40)}${json.length > 40 ? "..." : ""}]`;
    }
  }
}

type Described = Pick<TreeItem, "kind" | "quiet" | "tag" | "tagToken" | "text" | "textToken">;

function describeMessage(m: { role: string; [k: string]: unknown }): Described {
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
          text: calls.map((c) => toolCall(String(c.name), (c.arguments ?? {}) as Record<string, unknown>)).join(" "),
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

export function describeEntry(e: SessionEntry): Described {
  switch (e.type) {
    case "message":
      return describeMessage(e.message as unknown as { role: string });
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
export function treeItems(entries: SessionEntry[], labels: (id: string) => string | undefined): TreeItem[] {
  const labelTimes = new Map<string, string>();
  for (const e of entries) if (e.type === "label") labelTimes.set(e.targetId, e.timestamp);
  const byId = new Map<string, TreeItem>();
  const roots: TreeItem[] = [];
  for (const e of entries) {
    const label = labels(e.id);
    byId.set(e.id, { id: e.id, ...describeEntry(e), label, labelTime: label ? labelTimes.get(e.id) : undefined, children: [] });
  }
  for (const e of entries) {
    const item = byId.get(e.id)!;
    const parent = e.parentId === null ? undefined : byId.get(e.parentId);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
