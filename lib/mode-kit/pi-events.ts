// The events pi's JSON stream and RPC mode carry (AgentSessionEvent). Kernel-internal events
// (model_select, ...) are not part of that contract; the ones pi knows under another name are
// mapped to it.
import type { AgentEvent } from "pi-kernel";

const PASS = new Set([
  "agent_start",
  "agent_end",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "queue_update",
  "compaction_start",
  "compaction_end",
  "auto_retry_start",
  "auto_retry_end",
  "session_info_changed",
  "thinking_level_changed",
  "extension_error",
  // pi-kernel's own: a turn moved to the next model of a fallback chain (contracts/model-fallback.ts).
  "model_fallback",
]);

export function toPiEvent(event: AgentEvent): Record<string, unknown> | undefined {
  if (PASS.has(event.type)) return event as Record<string, unknown>;
  if (event.type === "thinking_level_select") return { type: "thinking_level_changed", level: (event as { level?: unknown }).level };
  return undefined;
}

/**
 * One JSON line for a pi event. A message_update carries the same partial message twice (as
 * `message` and as `assistantMessageEvent.partial`); it is serialised once and spliced into both
 * places, which halves the cost of pi's format on long streams.
 */
export function eventLine(event: Record<string, unknown>): string {
  const update = event.type === "message_update" ? (event.assistantMessageEvent as Record<string, unknown> | undefined) : undefined;
  if (!update || update.partial !== event.message || Object.keys(event).length !== 3) return `${JSON.stringify(event)}\n`;
  const { partial, ...rest } = update;
  const message = JSON.stringify(partial);
  const head = JSON.stringify(rest);
  return `{"type":"message_update","message":${message},"assistantMessageEvent":${head.slice(0, -1)}${head.length > 2 ? "," : ""}"partial":${message}}}\n`;
}
