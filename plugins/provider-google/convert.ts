// Our conversation as Gemini `contents`. Our own thinking goes back as thought parts with their
// signatures (Gemini 3 insists on them for function calls); the results of one turn's calls
// travel together in one user turn.
import type { AssistantMessage, ImageContent, Message, Model, ToolResultMessage, UserMessage } from "pi-kernel";
import { convertHolding, isSameModel, prepareReplay, sanitizeId } from "../../lib/provider-kit/index.js";

type Part = Record<string, unknown>;
export interface Content {
  role: "user" | "model";
  parts: Part[];
}

/** Ids we made up for calls Gemini sent without one; never sent back. */
export const LOCAL_ID_PREFIX = "gemini_call_";
// Gemini 3 validates signatures on function calls; calls written by another API have none.
const SKIP_SIGNATURE = "skip_thought_signature_validator";
const ID_RULES = { toolCallId: (id: string) => sanitizeId(id, 64) };

export function convertContents(model: Model, messages: Message[]): Content[] {
  return Array.from(contentsOf(model, messages));
}

/** The contents one at a time (tests, and whoever wants them so). */
export function* contentsOf(model: Model, messages: Message[]): Generator<Content> {
  for (const batch of contentBatches(model, messages)) yield* batch;
}

/**
 * The contents a batch at a time, as the request body is written (defineLazyBatches): a long
 * history's converted contents then never all live at once. One content is held back: the next
 * tool result may join it.
 */
export function contentBatches(model: Model, messages: Message[]): Generator<Content[]> {
  return convertHolding(prepareReplay(messages, model, ID_RULES), (message, held: Content | undefined) => {
    if (message.role === "toolResult") {
      const parts = toolResultParts(model, message);
      if (held?.role !== "user" || !held.parts.some((p) => "functionResponse" in p)) return { role: "user", parts };
      held.parts.push(...parts);
      return held;
    }
    const parts = message.role === "user" ? userParts(model, message) : modelParts(model, message);
    return parts.length === 0 ? undefined : { role: message.role === "user" ? "user" : "model", parts };
  });
}

function userParts(model: Model, message: UserMessage): Part[] {
  if (typeof message.content === "string") return message.content ? [{ text: message.content }] : [];
  return message.content.flatMap((p) => (p.type === "text" ? (p.text ? [{ text: p.text }] : []) : [image(model, p)]));
}

function modelParts(model: Model, message: AssistantMessage): Part[] {
  const own = isSameModel(message, model);
  const parts: Part[] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      if (own && block.thinking) parts.push(signed({ text: block.thinking, thought: true }, block.thinkingSignature));
    } else if (block.type === "text") {
      if (block.text) parts.push(signed({ text: block.text }, own ? block.textSignature : undefined));
    } else {
      const call: Part = { name: block.name, args: block.arguments ?? {} };
      if (!block.id.startsWith(LOCAL_ID_PREFIX)) call.id = block.id;
      const signature = own ? block.thoughtSignature : /gemini-3/.test(model.id) ? SKIP_SIGNATURE : undefined;
      parts.push(signed({ functionCall: call }, signature));
    }
  }
  return parts;
}

function signed(part: Part, signature: string | undefined): Part {
  return signature ? { ...part, thoughtSignature: signature } : part;
}

function toolResultParts(model: Model, message: ToolResultMessage): Part[] {
  const text = message.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");
  const images = message.content.filter((c): c is ImageContent => c.type === "image");
  const response: Part = {
    name: message.toolName,
    response: message.isError ? { error: text || "(error)" } : { output: text || (images.length ? "(see attached image)" : "(no output)") },
  };
  if (!message.toolCallId.startsWith(LOCAL_ID_PREFIX)) response.id = message.toolCallId;
  return [{ functionResponse: response }, ...images.map((i) => image(model, i))];
}

function image(model: Model, part: ImageContent): Part {
  if (!model.input.includes("image")) return { text: `(image omitted: ${model.id} does not accept images)` };
  return { inlineData: { mimeType: part.mimeType, data: part.data } };
}
