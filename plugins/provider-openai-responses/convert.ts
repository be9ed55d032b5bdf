// Our conversation as responses-API input items. Requests are stateless (store: false), so our
// own reasoning is replayed from its encrypted item (kept whole in thinkingSignature) together
// with the items it produced, which keep their ids (textSignature, the `|item` half of call ids).
import type { AssistantMessage, ImageContent, Message, Model, ToolResultMessage, UserMessage } from "pi-kernel";
import { convertInBatches, isRecord, isSameModel, prepareReplay, sanitizeId } from "../../lib/provider-kit/index.js";

export type InputItem = Record<string, unknown>;

// Another API's ids become plain call ids (no item id): [A-Za-z0-9_-], at most 64 characters.
const ID_RULES = { toolCallId: (id: string) => sanitizeId(id, 64) };

export function convertInput(model: Model, systemPrompt: string, messages: Message[]): InputItem[] {
  return Array.from(inputItems(model, systemPrompt, messages));
}

/** The input items one at a time (tests, and whoever wants them so). */
export function* inputItems(model: Model, systemPrompt: string, messages: Message[]): Generator<InputItem> {
  for (const batch of inputBatches(model, systemPrompt, messages)) yield* batch;
}

/**
 * The input items a batch at a time, as the request body is written (defineLazyBatches): a long
 * history's converted items then never all live at once.
 */
export function inputBatches(model: Model, systemPrompt: string, messages: Message[]): Generator<InputItem[]> {
  let toolImages: InputItem[] = [];
  // Images cannot go in a function_call_output; they follow the whole run of results as one user item.
  const imagesItem = (): InputItem => {
    const item = { role: "user", content: [{ type: "input_text", text: "Images from the tool results above:" }, ...toolImages] };
    toolImages = [];
    return item;
  };
  const step = (message: Message, out: InputItem[]) => {
    if (message.role === "toolResult") {
      out.push(toolOutput(message));
      for (const c of message.content) if (c.type === "image") toolImages.push(image(model, c));
      return;
    }
    if (toolImages.length > 0) out.push(imagesItem());
    if (message.role === "user") out.push(userItem(model, message));
    else for (const item of assistantItems(model, message)) out.push(item);
  };
  const finish = (out: InputItem[]) => {
    if (toolImages.length > 0) out.push(imagesItem());
  };
  const first: InputItem[] = systemPrompt ? [{ role: model.reasoning ? "developer" : "system", content: systemPrompt }] : [];
  return convertInBatches(prepareReplay(messages, model, ID_RULES), step, finish, first);
}

function userItem(model: Model, message: UserMessage): InputItem {
  const parts = typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
  return { role: "user", content: parts.map((p) => (p.type === "text" ? { type: "input_text", text: p.text } : image(model, p))) };
}

function assistantItems(model: Model, message: AssistantMessage): InputItem[] {
  const own = isSameModel(message, model);
  const items: InputItem[] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      const item = own ? reasoningItem(block.thinkingSignature) : undefined;
      if (item) items.push(item);
    } else if (block.type === "text") {
      const id = own && block.textSignature?.startsWith("msg_") ? { id: block.textSignature } : {};
      items.push({
        type: "message",
        role: "assistant",
        status: "completed",
        ...id,
        content: [{ type: "output_text", text: block.text, annotations: [] }],
      });
    } else {
      const [callId, itemId] = block.id.split("|");
      const id = own && itemId?.startsWith("fc_") ? { id: itemId } : {};
      items.push({ type: "function_call", call_id: callId, name: block.name, arguments: JSON.stringify(block.arguments ?? {}), ...id });
    }
  }
  return items;
}

/** The reasoning item as the API sent it, or undefined if the signature is not one. */
function reasoningItem(signature: string | undefined): InputItem | undefined {
  if (!signature) return undefined;
  try {
    const item: unknown = JSON.parse(signature);
    return isRecord(item) && item.type === "reasoning" ? item : undefined;
  } catch {
    return undefined;
  }
}

function toolOutput(message: ToolResultMessage): InputItem {
  const text = message.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");
  const hasImages = message.content.some((c) => c.type === "image");
  return {
    type: "function_call_output",
    call_id: message.toolCallId.split("|")[0],
    output: text || (hasImages ? "(see attached image)" : "(no output)"),
  };
}

function image(model: Model, part: ImageContent): InputItem {
  if (!model.input.includes("image")) return { type: "input_text", text: `(image omitted: ${model.id} does not accept images)` };
  return { type: "input_image", detail: "auto", image_url: `data:${part.mimeType};base64,${part.data}` };
}
