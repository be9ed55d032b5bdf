// The conversation as plain text for a summariser: it must read it, not continue it, so it is
// not sent as chat messages. Long tool results are truncated.
import type { AgentMessage } from "pi-kernel";
import { textOf } from "../convert.js";

const TOOL_RESULT_LIMIT = 2000;

export function serializeConversation(messages: readonly AgentMessage[]): string {
  const out: string[] = [];
  for (const m of messages) {
    const r = m as Record<string, unknown>;
    switch (m.role) {
      case "user":
        out.push(`[User]: ${textOf(r.content)}`);
        break;
      case "custom":
        out.push(`[User]: ${textOf(r.content)}`);
        break;
      case "assistant":
        out.push(...assistantLines(r.content));
        break;
      case "toolResult":
        out.push(`[Tool result]: ${truncate(textOf(r.content))}`);
        break;
      case "bashExecution":
        out.push(`[User ran]: ${String(r.command)}\n${truncate(String(r.output ?? ""))}`);
        break;
      case "branchSummary":
      case "compactionSummary":
        out.push(`[Summary]: ${String(r.summary)}`);
        break;
    }
  }
  return out.join("\n\n");
}

function assistantLines(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const thinking = content.filter((c) => c?.type === "thinking").map((c) => String(c.thinking));
  const text = content.filter((c) => c?.type === "text").map((c) => String(c.text));
  const calls = content
    .filter((c) => c?.type === "toolCall")
    .map((c) => {
      const args = Object.entries((c.arguments ?? {}) as Record<string, unknown>).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      return `${String(c.name)}(${args.join(", ")})`;
    });
  const lines: string[] = [];
  if (thinking.length) lines.push(`[Assistant thinking]: ${thinking.join("\n")}`);
  if (text.length) lines.push(`[Assistant]: ${text.join("\n")}`);
  if (calls.length) lines.push(`[Assistant tool calls]: ${calls.join("; ")}`);
  return lines;
}

export function truncate(text: string, limit = TOOL_RESULT_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n\n[... ${text.length - limit} more characters truncated]`;
}
