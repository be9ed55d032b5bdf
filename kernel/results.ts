// Small message builders the loop and tool execution share (kept apart so neither imports the other).
import type { ToolResultMessage, Usage } from "./types.js";

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0,
    total: 0 } };
}

export function textResult(toolCallId: string, toolName: string, text: string, isError: boolean): ToolResultMessage {
  return { role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }], isError, timestamp: Date.now() };
}
