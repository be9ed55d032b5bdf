// How the transcript follows the agent's message list. The list is replaced (never mutated) when a
// session is resumed, a branch is chosen in /tree, or the conversation is compacted: then the
// transcript is drawn anew. A list that only grew outside a turn (a plugin's message, a `!cmd`
// run) keeps what is drawn, so the notices above stay, and adds just the new messages (`!cmd`
// runs were drawn live already). During a turn the events draw the messages.
import type { AgentMessage } from "pi-kernel";

export type ConversationChange = "none" | "redraw" | { appended: AgentMessage[] };

export function conversationChange(
  previous: readonly AgentMessage[] | undefined,
  messages: readonly AgentMessage[],
  streaming: boolean,
): ConversationChange {
  if (messages === previous || !previous || streaming) return "none";
  if (messages.length >= previous.length && previous.every((m, i) => messages[i] === m)) {
    return { appended: messages.slice(previous.length).filter((m) => m.role !== "bashExecution") };
  }
  return "redraw";
}
