// Our conversation in chat-completions shape. The API is strict about tool pairing: every
// `tool_calls` entry must be answered by a `tool` message before the next user or assistant turn
// (prepareReplay guarantees it, and turns other APIs' messages into something this one accepts).
import type { AssistantMessage, ImageContent, Message, Model, ToolResultMessage, UserMessage } from "pi-kernel";
import { convertInBatches, prepareReplay, sanitizeId } from "../../lib/provider-kit/index.js";
import { compatFlag, compatString } from "./compat.js";

type WirePart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type WireMessage =
  | { role: "system" | "developer"; content: string }
  | { role: "user"; content: string | WirePart[] }
  | { role: "assistant"; content: string | null; tool_calls?: WireToolCall[] }
  | { role: "tool"; tool_call_id: string; name?: string; content: string };
interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

// Chat completions accepts ids up to 40 characters; a responses-API id is `call_id|item_id`.
// Mistral accepts exactly nine letters and digits.
const ID_RULES = { toolCallId: (id: string) => sanitizeId(id.split("|")[0], 40) };
const MISTRAL_ID_RULES = { toolCallId: mistralId };

function mistralId(id: string): string {
  const clean = id.replace(/[^A-Za-z0-9]/g, "");
  if (clean.length === 9) return clean;
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (clean.slice(-5) + hash.toString(36)).padStart(9, "0").slice(-9);
}

export function convertMessages(model: Model, systemPrompt: string, messages: Message[]): WireMessage[] {
  return Array.from(wireMessages(model, systemPrompt, messages));
}

/** The wire messages one at a time (tests, and whoever wants them so). */
export function* wireMessages(model: Model, systemPrompt: string, messages: Message[]): Generator<WireMessage> {
  for (const batch of wireBatches(model, systemPrompt, messages)) yield* batch;
}

/**
 * The wire messages a batch at a time, as the request body is written (defineLazyBatches): a long
 * history's converted messages then never all live at once.
 */
export function wireBatches(model: Model, systemPrompt: string, messages: Message[]): Generator<WireMessage[]> {
  let toolImages: WirePart[] = [];
  // Images cannot go in tool messages; they follow the whole run of results as one user message.
  const imagesMessage = (): WireMessage => {
    const content: WirePart[] = [{ type: "text", text: "Images from the tool results above:" }, ...toolImages];
    toolImages = [];
    return { role: "user", content };
  };
  const rules = compatString(model, "toolCallIdFormat") === "mistral" ? MISTRAL_ID_RULES : ID_RULES;
  const withName = compatFlag(model, "requiresToolResultName") === true;
  const noteAfterTools = compatFlag(model, "requiresAssistantAfterToolResult") === true;
  // Read once here, not per assistant message: a long history has thousands of them.
  const thinkingAsText = compatFlag(model, "requiresThinkingAsText") === true;
  let lastRole: WireMessage["role"] | undefined;
  const step = (message: Message, out: WireMessage[]) => {
    if (message.role === "toolResult") {
      out.push(toolMessage(message, withName));
      lastRole = "tool";
      for (const c of message.content) if (c.type === "image") toolImages.push(imagePart(model, c));
      return;
    }
    if (toolImages.length > 0) {
      out.push(imagesMessage());
      lastRole = "user";
    }
    // Some servers reject a user turn right after tool results; a short assistant note bridges it.
    if (message.role === "user" && noteAfterTools && lastRole === "tool")
      out.push({ role: "assistant", content: "I have processed the tool results." });
    const wire = message.role === "user" ? userMessage(model, message) : assistantMessage(message, thinkingAsText);
    if (wire) {
      out.push(wire);
      lastRole = wire.role;
    }
  };
  const finish = (out: WireMessage[]) => {
    if (toolImages.length > 0) out.push(imagesMessage());
  };
  const first: WireMessage[] = systemPrompt ? [{ role: systemRole(model), content: systemPrompt }] : [];
  return convertInBatches(prepareReplay(messages, model, rules), step, finish, first);
}

/** `developer` only where it is known to work: reasoning models on OpenAI itself, or by compat. */
function systemRole(model: Model): "system" | "developer" {
  if (!model.reasoning) return "system";
  const declared = compatFlag(model, "supportsDeveloperRole");
  if (declared !== undefined) return declared ? "developer" : "system";
  return isOpenAiHost(model.baseUrl) ? "developer" : "system";
}

function isOpenAiHost(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === "api.openai.com";
  } catch {
    return false;
  }
}

function userMessage(model: Model, message: UserMessage): WireMessage {
  if (typeof message.content === "string") return { role: "user", content: message.content };
  const parts: WirePart[] = message.content.map((part) =>
    part.type === "text" ? { type: "text", text: part.text } : imagePart(model, part),
  );
  return { role: "user", content: parts };
}

function assistantMessage(message: AssistantMessage, thinkingAsText: boolean): Extract<WireMessage, { role: "assistant" }> | undefined {
  let text = "";
  const calls: WireToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") text += block.text;
    else if (block.type === "thinking" && thinkingAsText && block.thinking) text += block.thinking;
    else if (block.type === "toolCall") {
      calls.push({ id: block.id, type: "function", function: { name: block.name, arguments: JSON.stringify(block.arguments ?? {}) } });
    }
  }
  if (!text && calls.length === 0) return undefined; // empty assistant messages are rejected
  return calls.length > 0 ? { role: "assistant", content: text || null, tool_calls: calls } : { role: "assistant", content: text };
}

// A long conversation converts one of these per tool result: one pass, no intermediate arrays.
function toolMessage(message: ToolResultMessage, withName: boolean): WireMessage {
  let text: string | undefined;
  let hasImages = false;
  for (const c of message.content) {
    if (c.type === "text") text = text === undefined ? c.text : `${text}\n${c.text}`;
    else if (c.type === "image") hasImages = true;
  }
  const content = text || (hasImages ? "(see attached image)" : "(no output)");
  return withName
    ? { role: "tool", tool_call_id: message.toolCallId, name: message.toolName, content }
    : { role: "tool", tool_call_id: message.toolCallId, content };
}

// A text-only model would reject image parts outright; say what was there instead.
function imagePart(model: Model, image: ImageContent): WirePart {
  if (!model.input.includes("image")) return { type: "text", text: `(image omitted: ${model.id} does not accept images)` };
  return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}
