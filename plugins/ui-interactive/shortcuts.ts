// Plugins' keyboard shortcuts (the kernel's "shortcut" contribution) in the interactive UIs.
// They are read from the registry on every key, so a reloaded or removed plugin's keys follow it
// at once. On a conflict with the built-in keys we do what pi does: the actions a user must always
// be able to reach (abort, clear, quit, submit, model and thinking controls, ...) win and the
// shortcut is skipped with a warning; any other built-in key is taken over by the shortcut, with
// a warning. Keys the full-screen frame claims (scrolling, search) and open dialogs come first.

import { type Key, type Keybindings, keyId, normaliseKey } from "../../lib/tui/index.js";
import type { InteractiveApp } from "./app.js";
import type { ShortcutDef } from "../../contracts/index.js";

/** pi's reserved actions: a shortcut on one of their keys never runs. */
export const RESERVED_ACTIONS = [
  "app.interrupt",
  "app.clear",
  "app.exit",
  "app.suspend",
  "app.thinking.cycle",
  "app.model.cycleForward",
  "app.model.cycleBackward",
  "app.model.select",
  "app.tools.expand",
  "app.thinking.toggle",
  "app.editor.external",
  "app.message.followUp",
  "tui.input.submit",
  "tui.select.confirm",
  "tui.select.cancel",
  "tui.input.copy",
  "tui.editor.deleteToLineEnd",
];
/** The main editor's own keys, which a shortcut may take over. */
const EDITOR_ACTION = /^(app\.|tui\.editor\.|tui\.input\.)/;

export interface ShortcutInfo {
  /** The key id in canonical form ("ctrl+shift+k"). */
  key: string;
  description?: string;
  owner: string;
  def: ShortcutDef;
  /** The reserved built-in action that keeps this key (the shortcut is skipped). */
  reservedBy?: string;
  /** The built-in action this shortcut takes the key from. */
  overrides?: string;
}

/** Every registered shortcut, with how it stands against the current keybindings. */
export function listShortcuts(app: InteractiveApp): ShortcutInfo[] {
  return app.api.registry.list("shortcut").map((def) => {
    const key = normaliseKey(def.name);
    const owner = app.api.registry.owner("shortcut", def.name) ?? "a plugin";
    const bound = actionsOn(app.keys, key);
    const reservedBy = bound.find((id) => RESERVED_ACTIONS.includes(id));
    const overrides = reservedBy ? undefined : bound.find((id) => EDITOR_ACTION.test(id));
    return { key, description: def.description, owner, def, reservedBy, overrides };
  });
}

/** Runs the shortcut bound to this key, if one may; returns whether the key was used. */
export function runShortcut(app: InteractiveApp, key: Key): boolean {
  const id = keyId(key);
  const hit = app.api.registry.list("shortcut").find((def) => normaliseKey(def.name) === id);
  if (!hit || RESERVED_ACTIONS.some((action) => app.keys.matches(key, action))) return false;
  const owner = app.api.registry.owner("shortcut", hit.name) ?? "a plugin";
  const api = app.api;
  const fail = (error: unknown) =>
    api.diagnose({
      level: "error",
      where: `shortcut ${id}`,
      error,
      message: `Shortcut ${id} from ${owner} failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  try {
    const result = hit.handler() as Promise<unknown> | undefined;
    if (result && typeof result.then === "function") result.then(() => app.render(), fail);
  } catch (error) {
    fail(error);
  }
  return true;
}

const warned = new WeakMap<InteractiveApp, Set<string>>();

/** Warns (once per app) about shortcuts that lose to, or take over, a built-in key. */
export function warnShortcutConflicts(app: InteractiveApp): void {
  let seen = warned.get(app);
  if (!seen) warned.set(app, (seen = new Set()));
  for (const s of listShortcuts(app)) {
    const text = s.reservedBy
      ? `Shortcut ${s.key} from ${s.owner} is skipped: the key belongs to the built-in ${s.reservedBy}`
      : s.overrides
        ? `Shortcut ${s.key} from ${s.owner} takes the key from the built-in ${s.overrides}`
        : undefined;
    if (!text || seen.has(text)) continue;
    seen.add(text);
    app.notify(text, "warning");
  }
}

/** Plugins' shortcuts for /hotkeys, with the ones a built-in key keeps marked as skipped. */
export function pluginShortcutRows(app: InteractiveApp): string[] {
  const list = listShortcuts(app);
  if (!list.length) return [];
  return [
    "",
    "Extension shortcuts:",
    ...list.map((s) => {
      const note = s.reservedBy ? ` (skipped: ${s.reservedBy} keeps this key)` : "";
      return `${s.key.padEnd(28)} ${s.description ?? ""}  [${s.owner}]${note}`;
    }),
  ];
}

function actionsOn(keys: Keybindings, key: string): string[] {
  return keys.ids().filter((id) => keys.keys(id).includes(key));
}
