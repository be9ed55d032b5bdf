// The text of the last assistant message that has text (RPC get_last_assistant_text, /copy).
import type { AgentMessage, AssistantMessage } from "pi-kernel";

export function lastAssistantText(messages: readonly AgentMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== "assistant") continue;
    const parts = (m as AssistantMessage).content.filter((c) => c.type === "text").map((c) => (c as { text: string }).text);
    if (parts.length) return parts.join("");
  }
  return null;
}
