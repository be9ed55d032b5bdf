// Our conversation in Anthropic messages shape. Tool results of one turn travel together in one
// user message; thinking is replayed with its signature (the API verifies it), redacted thinking
// as its opaque data, and a prompt-cache breakpoint marks the end of the conversation so far.
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage, UserMessage } from "pi-kernel";
import { convertHolding, prepareReplay, sanitizeId } from "../../lib/provider-kit/index.js";

type Block = Record<string, unknown>;
export interface WireMessage {
  role: "user" | "assistant";
  content: Block[];
}

// Anthropic ids: [A-Za-z0-9_-], at most 64 characters.
const ID_RULES = { toolCallId: (id: string) => sanitizeId(id, 64) };

export function convertMessages(model: Model, messages: Message[]): WireMessage[] {
  return Array.from(wireMessages(model, messages));
}

/** The wire messages one at a time (tests, and whoever wants them so). */
export function* wireMessages(model: Model, messages: Message[]): Generator<WireMessage> {
  for (const batch of wireBatches(model, messages)) yield* batch;
}

/**
 * The wire messages a batch at a time, as the request body is written (defineLazyBatches): a long
 * history's converted messages then never all live at once. One message is held back: the next
 * tool result may join it, and the last one carries the cache breakpoint.
 */
export function wireBatches(model: Model, messages: Message[]): Generator<WireMessage[]> {
  const step = (message: Message, held: WireMessage | undefined): WireMessage | undefined => {
    if (message.role === "toolResult") {
      const block = toolResult(model, message);
      if (held?.role !== "user" || !held.content.every((b) => b.type === "tool_result")) return { role: "user", content: [block] };
      held.content.push(block);
      return held;
    }
    const content = message.role === "user" ? userBlocks(model, message) : assistantBlocks(message);
    return content.length === 0 ? undefined : { role: message.role, content };
  };
  return convertHolding(prepareReplay(messages, model, ID_RULES), step, markCacheBreakpoint);
}

function userBlocks(model: Model, message: UserMessage): Block[] {
  if (typeof message.content === "string") return message.content.trim() ? [{ type: "text", text: message.content }] : [];
  return message.content.flatMap((part) =>
    part.type === "text" ? (part.text.trim() ? [{ type: "text", text: part.text }] : []) : [image(model, part)],
  );
}

function assistantBlocks(message: AssistantMessage): Block[] {
  const blocks: Block[] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      if (block.redacted && block.thinkingSignature) blocks.push({ type: "redacted_thinking", data: block.thinkingSignature });
      else if (block.thinkingSignature) blocks.push({ type: "thinking", thinking: block.thinking, signature: block.thinkingSignature });
      // Unsigned thinking (cut off before its signature) would be rejected; keep it as text.
      else if (block.thinking.trim()) blocks.push({ type: "text", text: `<thinking>\n${block.thinking}\n</thinking>` });
    } else if (block.type === "text") {
      if (block.text.trim()) blocks.push({ type: "text", text: block.text });
    } else {
      blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.arguments ?? {} });
    }
  }
  return blocks;
}

function toolResult(model: Model, message: ToolResultMessage): Block {
  const content: Block[] = message.content.map((c) => (c.type === "text" ? { type: "text", text: c.text } : image(model, c)));
  if (!content.some((c) => c.type === "text" && (c as unknown as TextContent).text))
    content.unshift({ type: "text", text: content.length ? "(see attached image)" : "(no output)" });
  return { type: "tool_result", tool_use_id: message.toolCallId, content, is_error: message.isError };
}

function image(model: Model, part: ImageContent): Block {
  if (!model.input.includes("image")) return { type: "text", text: `(image omitted: ${model.id} does not accept images)` };
  return { type: "image", source: { type: "base64", media_type: part.mimeType, data: part.data } };
}

/** Caches everything up to the last message, so the next turn reads it instead of paying again. */
function markCacheBreakpoint(last: WireMessage): void {
  const block = last.content.at(-1);
  if (block && (block.type === "text" || block.type === "tool_result" || block.type === "image"))
    block.cache_control = { type: "ephemeral" };
}
