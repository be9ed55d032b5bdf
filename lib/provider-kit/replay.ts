// Prepares a conversation for the API about to receive it, whatever APIs wrote its messages:
// - failed or aborted replies are dropped (a half-streamed tool call never reaches a model);
// - every tool call gets a result (an interrupted one gets "No result provided");
// - messages from another API or model lose what only their author can read: thinking becomes
//   `<thinking>` text (redacted thinking is dropped), signatures go, and tool-call ids are
//   rewritten to this API's rules (the same mapping is applied to their results).
import type { AssistantMessage, Message, Model, ToolCall, ToolResultMessage } from "pi-kernel";

export interface ReplayRules {
  /** A tool-call id valid for this API (called only for ids written by another API). */
  toolCallId(id: string): string;
}

export function prepareReplay(messages: Message[], model: Model, rules: ReplayRules): Message[] {
  const ids = new IdMap(rules);
  const out: Message[] = [];
  let pending: ToolCall[] = NO_CALLS;
  const answerPending = () => {
    for (const call of pending) out.push(stubResult(call));
    pending = NO_CALLS;
  };
  // Runs over the whole history before every request (100,000 messages in a long session): one
  // indexed pass, and a result takes its call out of `pending` (our own array) in place.
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === "toolResult") {
      const id = ids.get(message.toolCallId);
      const at = id === undefined ? -1 : callIndex(pending, id);
      if (at < 0) continue; // its call was dropped, or it was answered already
      pending.splice(at, 1);
      out.push(id === message.toolCallId ? message : { ...message, toolCallId: id! });
      continue;
    }
    if (pending.length > 0) answerPending();
    if (message.role === "user") {
      out.push(message);
      continue;
    }
    // Only assistant messages are left; anything else (a `system` record, a session-only kind that
    // was not converted) has no place in a chat request.
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    if (message.stopReason === "error" || message.stopReason === "aborted") continue;
    const converted = isSameModel(message, model) ? message : foreign(message, ids);
    if (converted.content.length === 0) continue;
    out.push(converted);
    pending = toolCalls(converted.content);
  }
  answerPending();
  return out;
}

/** The calls waiting for their results: none (nearly always, after a text reply) or a fresh array. */
const NO_CALLS: ToolCall[] = [];

function toolCalls(content: AssistantMessage["content"]): ToolCall[] {
  let calls = NO_CALLS; // never changed: a result is taken out of `pending` only where its call was found
  for (let i = 0; i < content.length; i++) {
    const block = content[i];
    if (block.type !== "toolCall") continue;
    if (calls === NO_CALLS) calls = [];
    calls.push(block);
  }
  return calls;
}

function callIndex(calls: readonly ToolCall[], id: string): number {
  for (let i = 0; i < calls.length; i++) if (calls[i].id === id) return i;
  return -1;
}

export function isSameModel(message: AssistantMessage, model: Model): boolean {
  return message.api === model.api && message.provider === model.provider && message.model === model.id;
}

function foreign(message: AssistantMessage, ids: IdMap): AssistantMessage {
  const content: AssistantMessage["content"] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      if (!block.redacted && block.thinking.trim()) content.push({ type: "text", text: `<thinking>\n${block.thinking}\n</thinking>` });
    } else if (block.type === "text") {
      if (block.text) content.push({ type: "text", text: block.text });
    } else {
      content.push({ type: "toolCall", id: ids.foreign(block.id), name: block.name, arguments: block.arguments });
    }
  }
  return { ...message, content };
}

function stubResult(call: ToolCall): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: "No result provided" }],
    isError: true,
    timestamp: 0,
  };
}

/** Keeps rewritten ids consistent between a call and its result, and unique. */
class IdMap {
  private readonly map = new Map<string, string>();
  private readonly used = new Set<string>();
  constructor(private readonly rules: ReplayRules) {}

  foreign(id: string): string {
    let mapped = this.map.get(id);
    if (mapped) return mapped;
    const base = this.rules.toolCallId(id);
    mapped = base;
    // A suffix replaces the end rather than extending it, so length limits still hold.
    for (let n = 2; this.used.has(mapped); n++) mapped = `${base.slice(0, Math.max(1, base.length - String(n).length - 1))}_${n}`;
    this.map.set(id, mapped);
    this.used.add(mapped);
    return mapped;
  }

  get(original: string): string | undefined {
    // Nearly every history is one API's: no id was rewritten, nothing to look up.
    return this.map.size === 0 ? original : (this.map.get(original) ?? original);
  }
}

/** `[A-Za-z0-9_-]` only, at most `max` characters (Anthropic: 64; OpenAI chat: 40). */
export function sanitizeId(id: string, max: number): string {
  const clean = id.replace(/[^A-Za-z0-9_-]/g, "_");
  return clean.length <= max ? clean || "call" : clean.slice(0, max);
}
