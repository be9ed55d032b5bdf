// The UI half of `@mariozechner/pi-coding-agent` (and `@earendil-works/pi-coding-agent`): themes
// and theme helpers, key hints, diff and code highlighting, components extensions construct,
// and the image and clipboard helpers. coding-agent.ts re-exports all of it.
import {
  DEFAULT_KEYBINDINGS,
  highlightCode as highlight,
  languageFor,
  plainTheme,
  type Theme as KernelTheme,
} from "../../../lib/tui/index.js";
import { wrapText } from "../../../lib/tui/index.js";
import type { SettingsListTheme } from "./tui-settings.js";

export { DynamicBorder } from "./dynamic-border.js";
export { KeybindingsManager } from "./tui-misc.js";
export * from "./agent-ui-components.js";
export * from "./agent-ui-images.js";

const SGR: Record<string, string> = { bold: "1", italic: "3", underline: "4", strikethrough: "9", dim: "2", inverse: "7" };
function colourCode(value: string | number, background: boolean): string {
  if (typeof value === "number") return `${background ? 48 : 38};5;${value}`;
  const hex = value.replace(/^#/, "");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return background ? "49" : "39";
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `${background ? 48 : 38};2;${r};${g};${b}`;
}

/** pi's Theme: named foreground/background colours (hex or 256-colour indexes) and text styles. */
export class Theme {
  constructor(
    private readonly fgColors: Record<string, string | number> = {},
    private readonly bgColors: Record<string, string | number> = {},
    readonly mode: "truecolor" | "256color" = "truecolor",
    readonly name = "custom",
  ) {}
  fg(token: string, text: string): string {
    const value = this.fgColors[token];
    return value === undefined || value === "" ? text : `\x1b[${colourCode(value, false)}m${text}\x1b[39m`;
  }
  bg(token: string, text: string): string {
    const value = this.bgColors[token];
    return value === undefined || value === "" ? text : `\x1b[${colourCode(value, true)}m${text}\x1b[49m`;
  }
  getFgAnsi(token: string): string {
    return this.fgColors[token] === undefined ? "" : `\x1b[${colourCode(this.fgColors[token], false)}m`;
  }
  getBgAnsi(token: string): string {
    return this.bgColors[token] === undefined ? "" : `\x1b[${colourCode(this.bgColors[token], true)}m`;
  }
  getColorMode(): string {
    return this.mode;
  }
}
for (const [style, code] of Object.entries(SGR)) {
  Object.defineProperty(Theme.prototype, style, { value: (text: string) => `\x1b[${code}m${text}\x1b[0m` });
}

/** pi loads the named theme into its global; in pi-kernel the themes plugin owns the theme (ctx.ui.setTheme). */
export function initTheme(_themeName?: string, _enableWatcher?: boolean): void {}

/** Markdown drawing colours; extensions hand this to `new Markdown(text, x, y, theme)`. */
export function getMarkdownTheme(): KernelTheme {
  return plainTheme;
}
export function getSelectListTheme(): Record<string, (text: string) => string> {
  const same = (t: string) => t;
  return { selectedPrefix: same, selectedText: (t) => plainTheme.bold(t), description: same, scrollInfo: same, noMatch: same };
}
export function getSettingsListTheme(): SettingsListTheme {
  return { label: (t, on) => (on ? plainTheme.bold(t) : t), value: (t) => t, description: (t) => t, cursor: "→ ", hint: (t) => t };
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

/** A unified diff's lines coloured: additions green, removals red, context dim. */
export function renderDiff(diffText: string, _options?: unknown): string {
  const paint = (code: string, line: string) => `\x1b[${code}m${line}\x1b[0m`;
  return diffText
    .split("\n")
    .map((line) => (line.startsWith("+") ? paint("32", line) : line.startsWith("-") ? paint("31", line) : paint("2", line)))
    .join("\n");
}

/** The first (or last) `maxVisualLines` rows `text` wraps to at `width`, and how many were left out. */
export function truncateToVisualLines(text: string, maxVisualLines: number, width: number, paddingX = 0, keep: "start" | "end" = "end") {
  const rows = text.split("\n").flatMap((line) => wrapText(line, Math.max(1, width - paddingX * 2)));
  if (rows.length <= maxVisualLines) return { visualLines: rows, skippedCount: 0 };
  const visualLines = keep === "start" ? rows.slice(0, maxVisualLines) : rows.slice(-maxVisualLines);
  return { visualLines, skippedCount: rows.length - maxVisualLines };
}
