// Showing read's lines as `N#HH:content` while hashline_edit is active. This is a toolResult tap
// rather than a change inside read: read stays independent of this plugin, and it only has to say
// which lines its text holds (details.shown), which any read implementation can do.
import type { ToolResultEvent } from "pi-kernel";
import { anchoredLine } from "./anchors.js";

interface Shown {
  firstLine: number;
  lineCount: number;
}

export function anchorReadResult(event: ToolResultEvent): ToolResultEvent {
  if (event.toolName !== "read" || event.isError) return event;
  const shown = (event.result.details as { shown?: Shown } | undefined)?.shown;
  const block = event.result.content[0];
  if (!shown || shown.lineCount === 0 || !block || block.type !== "text") return event;
  const parts = block.text.split("\n");
  const lines = parts.slice(0, shown.lineCount).map((line, i) => anchoredLine(shown.firstLine + i, line));
  const text = [...lines, ...parts.slice(shown.lineCount)].join("\n");
  return { ...event, result: { ...event.result, content: [{ ...block, text }, ...event.result.content.slice(1)] } };
}
