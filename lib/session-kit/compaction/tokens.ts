// Token estimates without a tokenizer (pi's rule): characters / 4, an image ≈ 1,200 tokens; the
// context size is the last reply's reported usage plus estimates for what came after it.
import type { AgentMessage, AssistantMessage, Usage } from "pi-kernel";

const IMAGE_TOKENS = 1200;

export function estimateTokens(m: AgentMessage): number {
  let chars = 0;
  let images = 0;
  const r = m as Record<string, unknown>;
  const parts = (content: unknown) => {
    if (typeof content === "string") {
      chars += content.length;
      return;
    }
    if (!Array.isArray(content)) return;
    for (const c of content) {
      if (c?.type === "text") chars += String(c.text).length;
      else if (c?.type === "thinking") chars += String(c.thinking).length;
      else if (c?.type === "toolCall") chars += String(c.name).length + JSON.stringify(c.arguments ?? {}).length;
      else if (c?.type === "image") images++;
    }
  };
  switch (m.role) {
    case "bashExecution":
      chars += String(r.command ?? "").length + String(r.output ?? "").length;
      break;
    case "branchSummary":
    case "compactionSummary":
      chars += String(r.summary ?? "").length;
      break;
    default:
      parts(r.content);
  }
  return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}

export function usageTokens(u: Usage): number {
  return u.totalTokens || u.input + u.output + u.cacheRead + u.cacheWrite;
}

/**
 * The context's size: the last successful reply's usage plus estimates for later messages. A
 * reply older than the latest compaction summary measured the context before it was compacted,
 * so then everything is estimated instead.
 */
export function contextTokens(messages: readonly AgentMessage[]): number {
  let compactedAt = -Infinity;
  for (const m of messages) if (m.role === "compactionSummary") compactedAt = Math.max(compactedAt, m.timestamp);
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as AssistantMessage;
    if (m.role === "assistant" && m.stopReason !== "error" && m.stopReason !== "aborted" && m.usage && m.timestamp > compactedAt) {
      let tokens = usageTokens(m.usage);
      for (let j = i + 1; j < messages.length; j++) tokens += estimateTokens(messages[j]);
      return tokens;
    }
  }
  return messages.reduce((sum, m) => sum + estimateTokens(m), 0);
}
