// Our conversation in chat-completions shape. The API is strict about tool pairing: every
// `tool_calls` entry must be answered by a `tool` message before the next user or assistant turn.
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage, UserMessage } from "pi-kernel";
import { compatFlag } from "./compat.js";

type WirePart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type WireMessage =
  | { role: "system" | "developer"; content: string }
  | { role: "user"; content: string | WirePart[] }
  | { role: "assistant"; content: string | null; tool_calls?: WireToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
interface WireToolCall { id: string; type: "function"; function: { name: string; arguments: string } }

export function convertMessages(model: Model, systemPrompt: string, messages: Message[]): WireMessage[] {
  const out: WireMessage[] = [];
  if (systemPrompt) out.push({ role: systemRole(model), content: systemPrompt });
  let unanswered: string[] = [];
  let toolImages: WirePart[] = [];
  const flushToolTurn = () => {
    // Calls left unanswered (the user interrupted) get a stub so the request stays valid.
    for (const id of unanswered) out.push({ role: "tool", tool_call_id: id, content: "No result provided" });
    unanswered = [];
    // Images cannot go in tool messages; they follow the whole run of results as one user message.
    if (toolImages.length > 0) out.push({ role: "user", content: [{ type: "text", text: "Images from the tool results above:" }, ...toolImages] });
    toolImages = [];
  };
  for (const message of messages) {
    if (message.role === "toolResult") {
      if (!unanswered.includes(message.toolCallId)) continue; // its call was dropped or never sent
      unanswered = unanswered.filter((id) => id !== message.toolCallId);
      out.push(toolMessage(message));
      toolImages.push(...imageParts(model, message.content));
      continue;
    }
    flushToolTurn();
    if (message.role === "user") out.push(userMessage(model, message));
    else {
      const wire = assistantMessage(model, message);
      if (wire) out.push(wire);
      unanswered = wire?.tool_calls?.map((c) => c.id) ?? [];
    }
  }
  flushToolTurn();
  return out;
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
  const parts: WirePart[] = message.content.map((part) => part.type === "text" ? { type: "text", text: part.text } : imagePart(model, part));
  return { role: "user", content: parts };
}

function assistantMessage(model: Model, message: AssistantMessage): Extract<WireMessage, { role: "assistant" }> | undefined {
  // A failed or aborted reply may hold half a tool call; it never reached the tools, so drop it.
  if (message.stopReason === "error" || message.stopReason === "aborted") return undefined;
  const thinkingAsText = compatFlag(model, "requiresThinkingAsText") === true;
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

function toolMessage(message: ToolResultMessage): WireMessage {
  const text = message.content.filter((c): c is TextContent => c.type === "text").map((c) => c.text).join("\n");
  const hasImages = message.content.some((c) => c.type === "image");
  return { role: "tool", tool_call_id: message.toolCallId, content: text || (hasImages ? "(see attached image)" : "(no output)") };
}

function imageParts(model: Model, content: ToolResultMessage["content"]): WirePart[] {
  return content.filter((c): c is ImageContent => c.type === "image").map((c) => imagePart(model, c));
}

// A text-only model would reject image parts outright; say what was there instead.
function imagePart(model: Model, image: ImageContent): WirePart {
  if (!model.input.includes("image")) return { type: "text", text: `(image omitted: ${model.id} does not accept images)` };
  return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}
