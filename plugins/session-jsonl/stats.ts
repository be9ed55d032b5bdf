// pi's get_session_stats, computed from the messages the agent holds (the active path).
import type { AgentMessage, AssistantMessage, Model } from "pi-kernel";

import type { SessionStats } from "../../contracts/sessions.js";

export function sessionStats(sessionId: string, messages: readonly AgentMessage[], model: Model | undefined): SessionStats {
  const s: SessionStats = {
    sessionId,
    userMessages: 0,
    assistantMessages: 0,
    toolCalls: 0,
    toolResults: 0,
    totalMessages: messages.length,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    cost: 0,
  };
  let last: AssistantMessage | undefined;
  for (const m of messages) {
    if (m.role === "user") s.userMessages++;
    else if (m.role === "toolResult") s.toolResults++;
    else if (m.role === "assistant") {
      const a = m as AssistantMessage;
      s.assistantMessages++;
      s.toolCalls += a.content.filter((c) => c.type === "toolCall").length;
      s.tokens.input += a.usage.input;
      s.tokens.output += a.usage.output;
      s.tokens.cacheRead += a.usage.cacheRead;
      s.tokens.cacheWrite += a.usage.cacheWrite;
      s.tokens.total += a.usage.totalTokens;
      s.cost += a.usage.cost.total;
      if (a.stopReason !== "error" && a.stopReason !== "aborted") last = a;
    }
  }
  if (model && last) {
    const tokens = last.usage.totalTokens || last.usage.input + last.usage.output + last.usage.cacheRead + last.usage.cacheWrite;
    s.contextUsage = { tokens, contextWindow: model.contextWindow, percent: (tokens / model.contextWindow) * 100 };
  }
  return s;
}
