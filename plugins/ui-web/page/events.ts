// Agent events (pi's RPC event stream) applied to the page's state. Streaming updates carry only
// the delta (pi 0.86's wire shape), so the answer being written is rebuilt here block by block;
// its message_end replaces it with the complete message.
import type { Block, Message, ToolResult } from "./messages.js";
import type { State } from "./state.js";

interface Delta {
  type: string;
  contentIndex?: number;
  delta?: string;
  id?: string;
  toolName?: string;
  toolCall?: Block;
}

/** The state change an event makes, or undefined when the page does not show it. */
export function applyEvent(state: State, event: Record<string, unknown>): Partial<State> | undefined {
  switch (event.type) {
    case "agent_start":
      return { isStreaming: true };
    case "agent_end":
    case "agent_settled":
      return { isStreaming: false, streaming: undefined };
    case "message_start": {
      const message = event.message as Message;
      return message?.role === "assistant" ? { streaming: { ...message, content: [] } } : undefined;
    }
    case "message_update":
      return state.streaming ? { streaming: applyDelta(state.streaming, event.assistantMessageEvent as Delta) } : undefined;
    case "message_end": {
      const message = event.message as Message;
      if (!message) return undefined;
      return { messages: [...state.messages, message], ...(message.role === "assistant" && { streaming: undefined }) };
    }
    case "tool_execution_start":
      return tool(state, event.toolCallId, { running: true });
    case "tool_execution_update":
      return tool(state, event.toolCallId, { running: true, partial: event.partialResult as ToolResult });
    case "tool_execution_end":
      return tool(state, event.toolCallId, {
        running: false,
        partial: { ...(event.result as ToolResult), isError: event.isError === true },
      });
    case "queue_update":
      return { queued: { steering: strings(event.steering), followUp: strings(event.followUp) } };
    case "thinking_level_changed":
      return typeof event.level === "string" ? { thinkingLevel: event.level } : undefined;
    case "session_info_changed":
      return typeof event.name === "string" ? { sessionName: event.name } : undefined;
    default:
      return undefined;
  }
}

function tool(state: State, id: unknown, live: State["live"][string]): Partial<State> | undefined {
  return typeof id === "string" ? { live: { ...state.live, [id]: live } } : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** The streamed message with one delta applied; unknown deltas leave it as it is. */
export function applyDelta(message: Message, delta: Delta | undefined): Message {
  if (!delta || typeof delta.contentIndex !== "number") return message;
  const content = [...((message.content as Block[] | undefined) ?? [])];
  const at = delta.contentIndex;
  const current = content[at];
  switch (delta.type) {
    case "text_start":
      content[at] = { type: "text", text: "" };
      break;
    case "text_delta":
      content[at] = { type: "text", text: (current?.type === "text" ? current.text : "") + (delta.delta ?? "") };
      break;
    case "thinking_start":
      content[at] = { type: "thinking", thinking: "" };
      break;
    case "thinking_delta":
      content[at] = { type: "thinking", thinking: (current?.type === "thinking" ? current.thinking : "") + (delta.delta ?? "") };
      break;
    case "toolcall_start":
      content[at] = { type: "toolCall", id: delta.id ?? "", name: delta.toolName ?? "", arguments: {} };
      break;
    case "toolcall_end":
      if (delta.toolCall) content[at] = delta.toolCall;
      break;
    default:
      return message;
  }
  return { ...message, content };
}
