// get_session_stats: counts, token totals and cost over the conversation, and context use from
// the last assistant message's usage (pi's SessionStats shape).
import type { AssistantMessage, PluginApi } from "pi-kernel";

export function sessionStats(api: PluginApi): Record<string, unknown> {
  const messages = api.agent.messages;
  const assistants = messages.filter((m) => m.role === "assistant") as AssistantMessage[];
  const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
  let cost = 0;
  for (const m of assistants) {
    tokens.input += m.usage.input;
    tokens.output += m.usage.output;
    tokens.cacheRead += m.usage.cacheRead;
    tokens.cacheWrite += m.usage.cacheWrite;
    tokens.total += m.usage.totalTokens;
    cost += m.usage.cost.total;
  }
  const sessions = api.services.get("sessions");
  const window = api.agent.model?.contextWindow;
  const last = [...assistants].reverse().find((m) => m.stopReason !== "error" && m.stopReason !== "aborted");
  const used = last ? last.usage.totalTokens || last.usage.input + last.usage.output + last.usage.cacheRead + last.usage.cacheWrite : null;
  return {
    sessionFile: sessions?.file,
    sessionId: api.agent.sessionId,
    userMessages: messages.filter((m) => m.role === "user").length,
    assistantMessages: assistants.length,
    toolCalls: assistants.reduce((n, m) => n + m.content.filter((c) => c.type === "toolCall").length, 0),
    toolResults: messages.filter((m) => m.role === "toolResult").length,
    totalMessages: messages.length,
    tokens,
    cost,
    contextUsage: window ? { tokens: used, contextWindow: window, percent: used === null ? null : (used / window) * 100 } : undefined,
  };
}
