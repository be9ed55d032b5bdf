// pi's keybinding ids and defaults, and ~/.pi/agent/keybindings.json ({"id": "key" | ["keys"]}).
// Key syntax: "ctrl+shift+alt+<key>" in any order; letters, digits, named keys, f1-f12, symbols.
import { readFileSync } from "node:fs";
import { keyId, type Key } from "./keys.js";

export const DEFAULT_KEYBINDINGS: Record<string, string[]> = {
  "app.interrupt": ["escape"],
  "app.clear": ["ctrl+c"],
  "app.exit": ["ctrl+d"],
  "app.suspend": ["ctrl+z"],
  "app.thinking.cycle": ["shift+tab"],
  "app.model.cycleForward": ["ctrl+p"],
  "app.model.cycleBackward": ["shift+ctrl+p"],
  "app.model.select": ["ctrl+l"],
  "app.tools.expand": ["ctrl+o"],
  "app.thinking.toggle": ["ctrl+t"],
  "app.editor.external": ["ctrl+g"],
  "app.message.followUp": ["alt+enter"],
  "app.message.dequeue": ["alt+up"],
  "app.clipboard.pasteImage": ["ctrl+v"],
  "app.session.new": [],
  "app.session.tree": [],
  "app.session.fork": [],
  "app.session.resume": [],
  // Ours (Claude Code's key): a running foreground command becomes a background job; otherwise the key edits as usual.
  "app.jobs.background": ["ctrl+b"],
  // The /tree view (lib/tui/tree-view.ts).
  "app.tree.foldOrUp": ["ctrl+left", "alt+left"],
  "app.tree.unfoldOrDown": ["ctrl+right", "alt+right"],
  "app.tree.editLabel": ["shift+l"],
  "app.tree.toggleLabelTimestamp": ["shift+t"],
  "app.tree.filter.default": ["ctrl+d"],
  "app.tree.filter.noTools": ["ctrl+t"],
  "app.tree.filter.userOnly": ["ctrl+u"],
  "app.tree.filter.labeledOnly": ["ctrl+l"],
  "app.tree.filter.all": ["ctrl+a"],
  "app.tree.filter.cycleForward": ["ctrl+o"],
  "app.tree.filter.cycleBackward": ["shift+ctrl+o"],
  // Ours (the full-screen transcript pane); pi has no such pane.
  "app.transcript.scrollUp": ["pageup", "shift+up", "wheelup"],
  "app.transcript.scrollDown": ["pagedown", "shift+down", "wheeldown"],
  "app.transcript.search": ["ctrl+r"],
  "tui.editor.cursorUp": ["up"],
  "tui.editor.cursorDown": ["down"],
  "tui.editor.cursorLeft": ["left", "ctrl+b"],
  "tui.editor.cursorRight": ["right", "ctrl+f"],
  "tui.editor.cursorWordLeft": ["alt+left", "ctrl+left", "alt+b"],
  "tui.editor.cursorWordRight": ["alt+right", "ctrl+right", "alt+f"],
  "tui.editor.cursorLineStart": ["home", "ctrl+a"],
  "tui.editor.cursorLineEnd": ["end", "ctrl+e"],
  "tui.editor.jumpForward": ["ctrl+]"],
  "tui.editor.jumpBackward": ["ctrl+alt+]"],
  "tui.editor.pageUp": ["pageup"],
  "tui.editor.pageDown": ["pagedown"],
  "tui.editor.deleteCharBackward": ["backspace"],
  "tui.editor.deleteCharForward": ["delete", "ctrl+d"],
  "tui.editor.deleteWordBackward": ["ctrl+w", "alt+backspace"],
  "tui.editor.deleteWordForward": ["alt+d", "alt+delete"],
  "tui.editor.deleteToLineStart": ["ctrl+u"],
  "tui.editor.deleteToLineEnd": ["ctrl+k"],
  "tui.editor.yank": ["ctrl+y"],
  "tui.editor.yankPop": ["alt+y"],
  "tui.editor.undo": ["ctrl+-"],
  "tui.input.newLine": ["shift+enter"],
  "tui.input.submit": ["enter"],
  "tui.input.tab": ["tab"],
  "tui.input.copy": ["ctrl+c"],
  "tui.select.up": ["up"],
  "tui.select.down": ["down"],
  "tui.select.pageUp": ["pageup"],
  "tui.select.pageDown": ["pagedown"],
  "tui.select.confirm": ["enter"],
  "tui.select.cancel": ["escape", "ctrl+c"],
};

/** "Shift+Ctrl+P" → "ctrl+shift+p" (our canonical order). */
export function normaliseKey(spec: string): string {
  const parts = spec.toLowerCase().split("+");
  // "ctrl++" style: a trailing empty part means the key is "+".
  const name = parts.at(-1) === "" ? "+" : parts.at(-1)!;
  const mods = new Set(parts.slice(0, parts.at(-1) === "" ? -2 : -1));
  const alias: Record<string, string> = {
    esc: "escape",
    return: "enter",
    del: "delete",
    pgup: "pageup",
    pgdn: "pagedown",
    page_up: "pageup",
    page_down: "pagedown",
  };
  return keyId({
    name: alias[name] ?? name,
    ctrl: mods.has("ctrl"),
    shift: mods.has("shift"),
    alt: mods.has("alt") || mods.has("meta") || mods.has("option"),
  });
}

export class Keybindings {
  private readonly byId = new Map<string, Set<string>>();

  constructor(
    overrides: Record<string, string | string[]> = {},
    readonly problems: string[] = [],
  ) {
    this.apply(overrides);
  }

  /** Takes another set's bindings (keybindings.json re-read on /reload). */
  replaceWith(other: Keybindings): void {
    this.byId.clear();
    for (const [id, keys] of other.byId) this.byId.set(id, new Set(keys));
    this.problems.splice(0, this.problems.length, ...other.problems);
  }

  private apply(overrides: Record<string, string | string[]>): void {
    const problems = this.problems;
    for (const [id, keys] of Object.entries(DEFAULT_KEYBINDINGS)) this.byId.set(id, new Set(keys.map(normaliseKey)));
    for (const [rawId, value] of Object.entries(overrides)) {
      const id = this.byId.has(rawId) ? rawId : migrate(rawId);
      const keys = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : undefined;
      if (!keys) {
        problems.push(`keybindings.json: "${rawId}" must be a key or a list of keys`);
        continue;
      }
      this.byId.set(id ?? rawId, new Set(keys.map(normaliseKey)));
    }
  }

  /** Does this key trigger the action? */
  matches(key: Pick<Key, "name" | "ctrl" | "alt" | "shift">, id: string): boolean {
    return this.byId.get(id)?.has(keyId(key)) ?? false;
  }

  keys(id: string): string[] {
    return [...(this.byId.get(id) ?? [])];
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }
}

/** Old, un-namespaced ids ("cursorUp", "expandTools") map to the namespaced one ending the same. */
function migrate(id: string): string | undefined {
  const aliases: Record<string, string> = {
    expandTools: "app.tools.expand",
    selectModel: "app.model.select",
    cycleThinkingLevel: "app.thinking.cycle",
    toggleThinking: "app.thinking.toggle",
    externalEditor: "app.editor.external",
    followUp: "app.message.followUp",
    dequeue: "app.message.dequeue",
    interrupt: "app.interrupt",
    clear: "app.clear",
    exit: "app.exit",
  };
  if (aliases[id]) return aliases[id];
  return Object.keys(DEFAULT_KEYBINDINGS).find((known) => known.endsWith(`.${id}`));
}

/** Reads keybindings.json; a missing file is fine, a broken one is a problem and the defaults hold. */
export function loadKeybindings(path: string): Keybindings {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return new Keybindings();
  }
  try {
    const json = JSON.parse(text) as unknown;
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error("expected an object of id → key(s)");
    return new Keybindings(json as Record<string, string | string[]>);
  } catch (error) {
    return new Keybindings({}, [`${path}: ${(error as Error).message}; using the default keys`]);
  }
}
