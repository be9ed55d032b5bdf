// The events pi's JSON stream and RPC mode carry (AgentSessionEvent), in pi's JSON shapes
// (pi 0.86's toJsonEvent). Kernel-internal events (model_select, ...) are not part of that
// contract; the ones pi knows under another name are mapped to it.
import type { AgentEvent } from "pi-kernel";

const PASS = new Set([
  "agent_start",
  "agent_end",
  "agent_settled",
  "turn_start",
  "turn_end",
  "message_start",
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
  // pi-kernel's own: background jobs (contracts/shell-jobs.ts).
  "job_start",
  "job_exit",
  "job_match",
]);

export function toPiEvent(event: AgentEvent): Record<string, unknown> | undefined {
  if (PASS.has(event.type)) return event as Record<string, unknown>;
  if (event.type === "message_update") return jsonUpdate(event as { message: { usage?: unknown }; assistantMessageEvent: Delta });
  if (event.type === "thinking_level_select") return { type: "thinking_level_changed", level: (event as { level?: unknown }).level };
  return undefined;
}

type Delta = { type: string; contentIndex?: number; partial?: { content?: { type?: string; id?: string; name?: string }[] } };

/**
 * A streaming update as pi sends it on the wire: the delta and the message's usage, without the
 * partial message (re-sending it on every delta made long answers quadratic). A tool call's start
 * names its id and tool; its complete arguments come with toolcall_end's `toolCall`.
 */
function jsonUpdate(event: { message: { usage?: unknown }; assistantMessageEvent: Delta }): Record<string, unknown> {
  const { partial, ...delta } = event.assistantMessageEvent;
  const update: Record<string, unknown> = { type: "message_update", usage: event.message.usage, assistantMessageEvent: delta };
  if (delta.type === "toolcall_start") {
    const call = partial?.content?.[delta.contentIndex ?? 0];
    update.assistantMessageEvent = { ...delta, id: call?.id, toolName: call?.name };
  }
  return update;
}

/** One JSON line for a pi event. */
export function eventLine(event: Record<string, unknown>): string {
  return `${JSON.stringify(event)}\n`;
}
