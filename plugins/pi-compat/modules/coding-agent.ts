// What `@mariozechner/pi-coding-agent` (and `@earendil-works/pi-coding-agent`) resolve to inside
// pi extensions: the helpers extensions call at run time. Types come from the extension's own
// dev dependencies at build time; at run time only these values are needed.
import { DEFAULT_KEYBINDINGS } from "../../../lib/tui/index.js";
import { highlightCode as highlight, languageFor } from "../../../lib/tui/index.js";
import { plainTheme } from "../../../lib/tui/index.js";
import type { Theme } from "../../../lib/tui/index.js";
import { MAX_BYTES, MAX_LINES, formatSize } from "../../../lib/tool-kit/index.js";
import { createEventBus } from "./event-bus.js";
import { truncateHead, truncateLine, truncateTail } from "./truncate.js";

export { Type } from "@sinclair/typebox";
export { StringEnum } from "./ai.js";
export { createEventBus, formatSize, truncateHead, truncateLine, truncateTail };
export { DynamicBorder } from "./dynamic-border.js";
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

// ---- theme and key helpers ------------------------------------------------------------------

/** Markdown drawing colours; extensions hand this to `new Markdown(text, x, y, theme)`. */
export function getMarkdownTheme(): Theme {
  return plainTheme;
}

export function getSelectListTheme(): Record<string, (text: string) => string> {
  return {
    selectedPrefix: (t) => t,
    selectedText: (t) => plainTheme.bold(t),
    description: (t) => t,
    scrollInfo: (t) => t,
    noMatch: (t) => t,
  };
}

export function highlightCode(code: string, language?: string): string[] {
  return highlight(code, language, plainTheme);
}

export function getLanguageFromPath(path: string): string | undefined {
  return languageFor(path);
}

/** The key(s) bound to an action id ("app.tools.expand" → "ctrl+o"), or the id itself. */
export function keyText(action: string): string {
  return (DEFAULT_KEYBINDINGS[action] ?? [action]).join("/");
}

export function keyHint(action: string, description: string): string {
  return `${keyText(action)} ${description}`;
}

export function rawKeyHint(key: string, description: string): string {
  return `${key} ${description}`;
}
