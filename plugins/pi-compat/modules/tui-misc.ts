// The rest of pi-tui's surface: keybinding definitions and their manager, small terminal-text
// helpers, layout stacks, and (throwing, naming what is missing) the parts that are pi's own
// terminal runtime, which pi-kernel replaces with its UI plugins.
import {
  DEFAULT_KEYBINDINGS,
  Keybindings,
  normaliseKey,
  stripAnsi,
  truncateToWidth,
  visibleWidth,
  type Component,
} from "../../../lib/tui/index.js";
import { Container } from "./tui-components.js";
import { firstKey } from "./tui-keys.js";
import { unavailable, unavailableClass } from "./unavailable.js";

/** Where a focused component puts the hardware cursor (pi-tui's zero-width marker). */
export const CURSOR_MARKER = "\x1b_pi:c\x07";

/** pi-tui's keybinding definitions: each `tui.*` id with its default keys. */
export const TUI_KEYBINDINGS: Record<string, { defaultKeys: string[]; description: string }> = Object.fromEntries(
  Object.entries(DEFAULT_KEYBINDINGS)
    .filter(([id]) => id.startsWith("tui."))
    .map(([id, keys]) => [id, { defaultKeys: keys, description: id }]),
);

export class KeybindingsManager {
  private readonly bindings: Keybindings;
  constructor(_definitions?: unknown, userBindings: Record<string, string | string[]> = {}) {
    this.bindings = new Keybindings(userBindings);
  }
  matches(data: string, id: string): boolean {
    const key = firstKey(data);
    return key !== undefined && this.bindings.matches(key, id);
  }
  getKeys(id: string): string[] {
    return this.bindings.keys(id);
  }
}

let active = new KeybindingsManager();
export const getKeybindings = () => active;
export function setKeybindings(manager: KeybindingsManager): void {
  active = manager;
}

export function isFocusable(component: unknown): component is Component & { focused: boolean } {
  return typeof component === "object" && component !== null && "focused" in component;
}

let kittyActive = false;
export const isKittyProtocolActive = () => kittyActive;
export function setKittyProtocolActive(on: boolean): void {
  kittyActive = on;
}

/** The printable text a Kitty-protocol key report stands for (`CSI codepoint u`), if any. */
export function decodeKittyPrintable(data: string): string | undefined {
  const m = data.match(/^\x1b\[(\d+)(?::\d+)*(?:;(\d+))?u$/);
  if (!m) return undefined;
  const mods = Number(m[2] ?? 1) - 1;
  if (mods & ~1) return undefined; // only Shift may be held for printable text
  const code = Number(m[1]);
  return code >= 32 && code !== 127 ? String.fromCodePoint(code) : undefined;
}

export function stripTerminalSequences(text: string): string {
  return stripAnsi(text.replace(/\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)/g, "").replace(/\x1b_[^\x07\x1b]*(?:\x07|\x1b\\)/g, ""));
}

/** `length` columns of `line` from column `startCol` (styling kept up to the cut). */
export function sliceByColumn(line: string, startCol: number, length: number): string {
  const plain = stripTerminalSequences(line);
  let col = 0;
  let out = "";
  for (const { segment } of new Intl.Segmenter().segment(plain)) {
    const w = visibleWidth(segment);
    if (col >= startCol && col + w <= startCol + length) out += segment;
    col += w;
  }
  return out;
}

/** The OSC 8 link target under `column` of a rendered line. */
export function getOsc8LinkAtColumn(line: string, column: number): string | undefined {
  const re = /\x1b\]8;[^;]*;([^\x07\x1b]*)(?:\x07|\x1b\\)([\s\S]*?)\x1b\]8;;(?:\x07|\x1b\\)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const start = visibleWidth(line.slice(0, m.index));
    if (column >= start && column < start + visibleWidth(m[2])) return m[1];
  }
  return undefined;
}

/** The terminal background from an OSC 11 reply (`rgb:ffff/ffff/ffff`). */
export function parseOsc11BackgroundColor(reply: string): { r: number; g: number; b: number } | undefined {
  const m = reply.match(/\]11;rgb:([0-9a-f]+)\/([0-9a-f]+)\/([0-9a-f]+)/i);
  if (!m) return undefined;
  const scale = (hex: string) => Math.round((Number.parseInt(hex, 16) / (16 ** hex.length - 1)) * 255);
  return { r: scale(m[1]), g: scale(m[2]), b: scale(m[3]) };
}
/** "dark" or "light" from a DSR colour-scheme report (`CSI ? 997 ; 1|2 n`). */
export function parseTerminalColorSchemeReport(reply: string): "dark" | "light" | undefined {
  const m = reply.match(/\x1b\[\?997;([12])n/);
  return m ? (m[1] === "1" ? "dark" : "light") : undefined;
}

export class VStack extends Container {}
/** Children side by side, each in an equal share of the width. */
export class HStack extends Container {
  override render(width: number): string[] {
    const n = Math.max(1, this.children.length);
    const share = Math.floor(width / n);
    const columns = this.children.map((c) => c.render(share));
    const rows = Math.max(0, ...columns.map((c) => c.length));
    return Array.from({ length: rows }, (_, r) =>
      columns.map((c) => truncateToWidth(c[r] ?? "", share).padEnd(share + (c[r] ?? "").length - visibleWidth(c[r] ?? ""))).join(""),
    );
  }
}
export const isViewportTUI = (_tui: unknown) => false;
export const compositeTuiLine = (base: string, overlay: string, column: number) => sliceByColumn(base, 0, column) + overlay;
export { normaliseKey };

const RUNTIME = "pi-tui's own terminal runtime (pi-kernel's UI plugins own the terminal: use ctx.ui.custom)";
export const TUI = unavailableClass("TUI", RUNTIME);
export const ProcessTerminal = unavailableClass("ProcessTerminal", RUNTIME);
export const TuiAltScreen = unavailableClass("TuiAltScreen", RUNTIME);
export const TuiMainScreen = unavailableClass("TuiMainScreen", RUNTIME);
export const ScrollView = unavailableClass("ScrollView", RUNTIME);
export const MouseRegion = unavailableClass("MouseRegion", RUNTIME);
export const StdinBuffer = unavailableClass("StdinBuffer", RUNTIME);
export const CombinedAutocompleteProvider = unavailableClass(
  "CombinedAutocompleteProvider",
  "pi-tui's autocomplete providers (pi-kernel's editor completes commands and paths itself)",
);
export const Marked = unavailableClass("Marked", "the marked parser pi-tui re-exports (import marked directly)");
export const Token = unavailableClass("Token", "the marked tokens pi-tui re-exports");
export const Tokens = unavailableClass("Tokens", "the marked tokens pi-tui re-exports");
export const renderLatex = unavailable("renderLatex", "LaTeX rendering");
export const getNativeClipboard = unavailable("getNativeClipboard", "pi-tui's native clipboard module");
