// session/load: the conversation replayed as the updates a client would have seen live, user
// messages as user_message_chunk, answers and thinking as chunks, each tool call as one
// `tool_call` already completed or failed, with its output.
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { AgentMessage, AssistantMessage, ToolResultMessage, UserMessage } from "pi-kernel";
import { callInfo, resultContent, type ToolLookup } from "./tool-info.js";

export function replayUpdates(messages: readonly AgentMessage[], cwd: string, tools: ToolLookup): SessionUpdate[] {
  const results = new Map<string, ToolResultMessage>();
  for (const m of messages) if (m.role === "toolResult") results.set((m as ToolResultMessage).toolCallId, m as ToolResultMessage);
  const out: SessionUpdate[] = [];
  for (const m of messages) {
    if (m.role === "user") out.push(...userUpdates(m as UserMessage));
    else if (m.role === "assistant") out.push(...assistantUpdates(m as AssistantMessage, results, cwd, tools));
  }
  return out;
}

function userUpdates(m: UserMessage): SessionUpdate[] {
  if (typeof m.content === "string")
    return m.content ? [{ sessionUpdate: "user_message_chunk", content: { type: "text", text: m.content } }] : [];
  return m.content.map(
    (c): SessionUpdate =>
      c.type === "text"
        ? { sessionUpdate: "user_message_chunk", content: { type: "text", text: c.text } }
        : { sessionUpdate: "user_message_chunk", content: { type: "image", data: c.data, mimeType: c.mimeType } },
  );
}

function assistantUpdates(m: AssistantMessage, results: Map<string, ToolResultMessage>, cwd: string, tools: ToolLookup): SessionUpdate[] {
  const out: SessionUpdate[] = [];
  for (const c of m.content) {
    if (c.type === "text" && c.text) out.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: c.text } });
    else if (c.type === "thinking" && c.thinking && !c.redacted)
      out.push({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: c.thinking } });
    else if (c.type === "toolCall") {
      const result = results.get(c.id);
      const { title, kind, locations } = callInfo(tools(c.name), c.name, c.arguments, cwd);
      out.push({
        sessionUpdate: "tool_call",
        toolCallId: c.id,
        title,
        kind,
        status: !result || result.isError ? "failed" : "completed",
        locations,
        rawInput: c.arguments,
        content: resultContent(result),
      });
    }
  }
  return out;
}
