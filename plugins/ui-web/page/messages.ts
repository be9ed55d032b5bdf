// The message shapes the page draws: pi's AgentMessage as it travels over RPC (get_messages,
// message_start / message_end), typed loosely: a field the page does not know is ignored.

export interface TextBlock {
  type: "text";
  text: string;
}
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
}
export interface ImageBlock {
  type: "image";
  data: string;
  mimeType: string;
}
export interface ToolCallBlock {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}
export type Block = TextBlock | ThinkingBlock | ImageBlock | ToolCallBlock;

export interface ToolResult {
  content?: Block[];
  details?: Record<string, unknown>;
  isError?: boolean;
}

export interface Message {
  role: string;
  content?: string | Block[];
  timestamp?: number;
  stopReason?: string;
  errorMessage?: string;
  toolCallId?: string;
  toolName?: string;
  details?: Record<string, unknown>;
  isError?: boolean;
  customType?: string;
  display?: boolean;
  command?: string;
  output?: string;
  exitCode?: number;
  summary?: string;
}

export function blocks(message: Message): Block[] {
  const content = message.content;
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content : [];
}

/** The text blocks of a message, joined. */
export function textOf(message: Message | ToolResult): string {
  const list = "role" in message ? blocks(message as Message) : ((message as ToolResult).content ?? []);
  return list
    .filter((b): b is TextBlock => b.type === "text")
    .map((b) => b.text)
    .join("");
}
