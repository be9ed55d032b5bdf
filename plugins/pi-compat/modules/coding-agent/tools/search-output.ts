// The tail pi's find and grep put on their output: the 50 KB cut and the limit notices.
import { formatSize, MAX_BYTES } from "../../../../../lib/tool-kit/index.js";
import { truncateHead } from "../../truncate.js";
import type { ToolResultLike } from "./definition.js";

export function searchResult(
  lines: string[],
  limitNotice: string | undefined,
  details: Record<string, unknown>,
): ToolResultLike<Record<string, unknown> | undefined> {
  const truncation = truncateHead(lines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
  const notices = limitNotice ? [limitNotice] : [];
  if (truncation.truncated) {
    notices.push(`${formatSize(MAX_BYTES)} limit reached`);
    details.truncation = truncation;
  }
  const text = notices.length ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
  return { content: [{ type: "text", text }], details: Object.keys(details).length ? details : undefined };
}
