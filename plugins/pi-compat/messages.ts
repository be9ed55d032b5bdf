// pi's sendMessage / sendUserMessage: custom messages (role "custom", persisted by the session
// store, shown to the model as user text) and user messages, delivered the way pi does: as
// steering or follow-up while the agent runs, else appended (and optionally run) at once.
import type { AgentMessage, PluginApi, UserMessage } from "pi-kernel";

export function customMessage(m: Record<string, unknown>): AgentMessage {
  return {
    role: "custom",
    customType: String(m.customType ?? "extension"),
    content: m.content ?? "",
    display: m.display ?? true,
    details: m.details,
    timestamp: Date.now(),
  };
}

/**
 * `finish` runs message_end handlers (which may replace the message) on one that is stored
 * without a run; inside a run the loop does that itself.
 */
export async function deliver(
  api: PluginApi,
  message: AgentMessage,
  o: { triggerTurn?: boolean; deliverAs?: string },
  finish?: (m: AgentMessage) => Promise<AgentMessage>,
): Promise<void> {
  if (api.agent.isStreaming) {
    if (o.deliverAs === "steer") return api.actions.steer(message);
    return api.actions.followUp(message);
  }
  if (o.triggerTurn) return api.actions.send([message]);
  // Kept in the conversation (and the session file) without starting a turn.
  const final = finish ? await finish(message) : message;
  api.actions.setMessages([...api.agent.messages, final]);
  api.actions.emit({ type: "message_start", message: final });
  api.actions.emit({ type: "message_end", message: final });
}

export async function sendUserMessage(api: PluginApi, content: unknown, o: { deliverAs?: string }): Promise<void> {
  const message: UserMessage = { role: "user", content: content as UserMessage["content"], timestamp: Date.now() };
  if (api.agent.isStreaming) {
    if (!o.deliverAs) throw new Error("Agent is streaming: pass deliverAs ('steer' or 'followUp') to sendUserMessage");
    return o.deliverAs === "steer" ? api.actions.steer(message) : api.actions.followUp(message);
  }
  return api.actions.send([message]);
}

/** What a model gets for a custom message: user text (pi's convertToLlm). */
export function customToUser(m: AgentMessage): AgentMessage {
  if (m.role !== "custom") return m;
  const content = (m as { content?: unknown }).content;
  return { role: "user", content: typeof content === "string" ? content : (content as UserMessage["content"]), timestamp: m.timestamp };
}
