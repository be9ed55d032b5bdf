// Turning session content into what a model reads: an entry's agent message (entryMessage), pi's
// convertToLlm (the session-only message kinds become user messages), and plain text of content.
import type { AgentMessage, Message, TextContent, ImageContent } from "pi-kernel";
import type { SessionEntry } from "../../contracts/session-entries.js";

export const COMPACTION_PREFIX = "The conversation history before this point was compacted into the following summary:";
export const BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:";

const user = (content: string | (TextContent | ImageContent)[], timestamp: number): Message => ({
  role: "user",
  content: typeof content === "string" ? [{ type: "text", text: content }] : content,
  timestamp,
});

/**
 * Converts one message, or returns undefined when it should not reach the model. `system`
 * messages (pi 0.74+ records its prompt and tool declarations as such) are dropped: the agent
 * sends its own system prompt and tools, and providers have no chat role for them.
 */
export function toLlm(m: AgentMessage): AgentMessage | undefined {
  const r = m as Record<string, unknown> & { timestamp: number };
  switch (m.role as string) {
    case "system":
      return undefined;
    case "compactionSummary":
      return user(`${COMPACTION_PREFIX}\n\n<summary>\n${String(r.summary)}\n</summary>`, r.timestamp);
    case "branchSummary":
      return user(`${BRANCH_PREFIX}\n\n<summary>\n${String(r.summary)}\n</summary>`, r.timestamp);
    case "custom":
      return user(r.content as string | (TextContent | ImageContent)[], r.timestamp);
    case "bashExecution":
      return r.excludeFromContext ? undefined : user(bashText(r), r.timestamp);
    default:
      return m;
  }
}

export function convertToLlm(messages: readonly AgentMessage[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  // Runs over the whole context before every request (100,000 messages in a long session): the
  // three roles a model reads as they are pass without toLlm's string switch.
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    const role = m.role;
    if (role === "user" || role === "assistant" || role === "toolResult") {
      out.push(m);
      continue;
    }
    const c = toLlm(m);
    if (c) out.push(c);
  }
  return out;
}

/** How the model sees a bashExecution message (pi's wording). */
export function bashText(r: Record<string, unknown>): string {
  let text = `Ran \`${String(r.command)}\`\n`;
  text += r.output ? `\`\`\`\n${String(r.output)}\n\`\`\`` : "(no output)";
  if (r.cancelled) text += "\n\n(command cancelled)";
  else if (r.exitCode !== null && r.exitCode !== undefined && r.exitCode !== 0)
    text += `\n\nCommand exited with code ${String(r.exitCode)}`;
  if (r.truncated && r.fullOutputPath) text += `\n\n[Output truncated. Full output: ${String(r.fullOutputPath)}]`;
  return text;
}

const ms = (iso: string) => new Date(iso).getTime();

/** The agent message an entry contributes to the context, if any. */
export function entryMessage(e: SessionEntry): AgentMessage | undefined {
  switch (e.type) {
    case "message":
      return e.message;
    case "custom_message":
      return {
        role: "custom",
        customType: e.customType,
        content: e.content,
        display: e.display,
        details: e.details,
        timestamp: ms(e.timestamp),
      };
    case "branch_summary":
      return e.summary ? { role: "branchSummary", summary: e.summary, fromId: e.fromId, timestamp: ms(e.timestamp) } : undefined;
    case "compaction":
      return { role: "compactionSummary", summary: e.summary, tokensBefore: e.tokensBefore, timestamp: ms(e.timestamp) };
    default:
      return undefined;
  }
}

/** The plain text of a message's content (string or text parts). */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((c) => c?.type === "text")
    .map((c) => String(c.text))
    .join("\n");
}
