// The events pi's JSON stream and RPC mode carry (AgentSessionEvent). Kernel-internal events
// (model_select, ...) are not part of that contract; the ones pi knows under another name are
// mapped to it.
import type { AgentEvent } from "pi-kernel";

const PASS = new Set([
  "agent_start", "agent_end", "turn_start", "turn_end", "message_start", "message_update", "message_end",
  "tool_execution_start", "tool_execution_update", "tool_execution_end", "queue_update",
  "compaction_start", "compaction_end", "auto_retry_start", "auto_retry_end",
  "session_info_changed", "thinking_level_changed", "extension_error",
]);

export function toPiEvent(event: AgentEvent): Record<string, unknown> | undefined {
  if (PASS.has(event.type)) return event as Record<string, unknown>;
  if (event.type === "thinking_level_select") return { type: "thinking_level_changed", level: (event as { level?: unknown }).level };
  return undefined;
}
