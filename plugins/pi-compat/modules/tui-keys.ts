// pi-tui's key helpers over pi-kernel's key parser: `matchesKey(data, "ctrl+c")`, `parseKey`,
// and the `Key` builder (Key.enter, Key.ctrl("c"), Key.ctrlShift("p"), ...).
import { normaliseKey } from "../../../lib/tui/index.js";
import { KeyParser, keyId, type Key as ParsedKey } from "../../../lib/tui/index.js";

/** The first key in raw terminal input, undefined for a paste or nothing. */
export function firstKey(data: string): ParsedKey | undefined {
  const parser = new KeyParser();
  const events = parser.feed(data);
  if (!events.length && parser.pending) events.push(...parser.flush());
  const first = events[0];
  return first?.type === "key" ? first.key : undefined;
}

/** The id of the first key in raw terminal input ("ctrl+c", "enter"), undefined for text/paste. */
export function parseKey(data: string): string | undefined {
  const key = firstKey(data);
  return key ? keyId(key) : undefined;
}

export function matchesKey(data: string, id: string): boolean {
  const key = parseKey(data);
  return key !== undefined && key === normaliseKey(id);
}

const SPECIAL = [
  "escape",
  "esc",
  "enter",
  "return",
  "tab",
  "space",
  "backspace",
  "delete",
  "insert",
  "clear",
  "home",
  "end",
  "pageUp",
  "pageDown",
  "up",
  "down",
  "left",
  "right",
  "f1",
  "f2",
  "f3",
  "f4",
  "f5",
  "f6",
  "f7",
  "f8",
  "f9",
  "f10",
  "f11",
  "f12",
] as const;
const MODIFIER_SETS: Record<string, string[]> = {
  ctrl: ["ctrl"],
  shift: ["shift"],
  alt: ["alt"],
  super: ["super"],
  ctrlShift: ["ctrl", "shift"],
  shiftCtrl: ["shift", "ctrl"],
  ctrlAlt: ["ctrl", "alt"],
  altCtrl: ["alt", "ctrl"],
  shiftAlt: ["shift", "alt"],
  altShift: ["alt", "shift"],
  ctrlSuper: ["ctrl", "super"],
  superCtrl: ["super", "ctrl"],
  shiftSuper: ["shift", "super"],
  superShift: ["super", "shift"],
  altSuper: ["alt", "super"],
  superAlt: ["super", "alt"],
  ctrlShiftAlt: ["ctrl", "shift", "alt"],
  ctrlShiftSuper: ["ctrl", "shift", "super"],
};

export const Key: Record<string, unknown> = {
  ...Object.fromEntries(SPECIAL.map((k) => [k, k])),
  ...Object.fromEntries(Object.entries(MODIFIER_SETS).map(([name, mods]) => [name, (key: string) => [...mods, key].join("+")])),
};

export function isKeyRelease(data: string): boolean {
  return /\x1b\[[\d;]*:3[u~A-Z]/.test(data);
}

export function isKeyRepeat(data: string): boolean {
  return /\x1b\[[\d;]*:2[u~A-Z]/.test(data);
}
