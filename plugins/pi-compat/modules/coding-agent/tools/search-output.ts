// The tail pi's find and grep put on their output: the 50 KB cut and the notices, in pi's order
// (the limit one, the 50 KB one, grep's cut-lines one).
import { formatSize, MAX_BYTES } from "../../../../../lib/tool-kit/index.js";
import { truncateHead } from "../../truncate.js";
import type { ToolResultLike } from "./definition.js";

export function searchResult(
  lines: string[],
  limitNotice: string | undefined,
  details: Record<string, unknown>,
  lastNotice?: string,
): ToolResultLike<Record<string, unknown> | undefined> {
  const truncation = truncateHead(lines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
  const notices = limitNotice ? [limitNotice] : [];
  if (truncation.truncated) {
    notices.push(`${formatSize(MAX_BYTES)} limit reached`);
    details.truncation = truncation;
  }
  if (lastNotice) notices.push(lastNotice);
  const text = notices.length ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
  return { content: [{ type: "text", text }], details: Object.keys(details).length ? details : undefined };
}
