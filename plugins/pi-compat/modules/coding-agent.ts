// What `@mariozechner/pi-coding-agent` (and `@earendil-works/pi-coding-agent`) resolve to inside
// pi extensions: the helpers extensions call at run time. Types come from the extension's own
// dev dependencies at build time; at run time only these values are needed.
import { MAX_BYTES, MAX_LINES, formatSize } from "../../../lib/tool-kit/index.js";
import { createEventBus } from "./event-bus.js";
import { truncateHead, truncateLine, truncateTail } from "./truncate.js";

export { StringEnum, Type } from "./ai.js";
export { createEventBus, formatSize, truncateHead, truncateLine, truncateTail };
export { parseFrontmatter, stripFrontmatter } from "./frontmatter.js";
export const DEFAULT_MAX_BYTES = MAX_BYTES;
export const DEFAULT_MAX_LINES = MAX_LINES;
export * from "./coding-agent/index.js";

/** Identity helper for typing a standalone tool definition. */
export function defineTool<T>(tool: T): T {
  return tool;
}

// ---- tool_call / tool_result type guards ----------------------------------------------------

export function isToolCallEventType(name: string, event: { toolName?: string }): boolean {
  return event.toolName === name;
}
const guard = (name: string) => (event: { toolName?: string }) => event.toolName === name;
export const isBashToolResult = guard("bash");
export const isReadToolResult = guard("read");
export const isEditToolResult = guard("edit");
export const isWriteToolResult = guard("write");
export const isGrepToolResult = guard("grep");
export const isFindToolResult = guard("find");
export const isLsToolResult = guard("ls");

export * from "./coding-agent-ui.js";
