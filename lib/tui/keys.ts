// Terminal input bytes to key events: control characters, Alt (ESC prefix), CSI/SS3 sequences
// with xterm modifiers, the Kitty keyboard protocol's CSI-u form (and xterm's modifyOtherKeys
// `CSI 27;mod;code~`), and bracketed paste. A key's id is "ctrl+shift+alt+name", as pi writes it.

export interface Key {
  /** e.g. "a", "enter", "up", "f5", "-" (lower case for letters). */
  name: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** Text to insert for a printable key without ctrl/alt. */
  text?: string;
  /** The terminal bytes the key came from (for components that parse input themselves). */
  raw?: string;
}
export type InputEvent = { type: "key"; key: Key } | { type: "paste"; text: string };

export function keyId(k: Pick<Key, "name" | "ctrl" | "alt" | "shift">): string {
  return [k.ctrl && "ctrl", k.shift && "shift", k.alt && "alt", k.name].filter(Boolean).join("+");
}

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

const CSI_LETTERS: Record<string, string> = {
  A: "up",
  B: "down",
  C: "right",
  D: "left",
  H: "home",
  F: "end",
  P: "f1",
  Q: "f2",
  R: "f3",
  S: "f4",
  Z: "tab",
};
const CSI_TILDE: Record<string, string> = {
  1: "home",
  2: "insert",
  3: "delete",
  4: "end",
  5: "pageup",
  6: "pagedown",
  7: "home",
  8: "end",
  11: "f1",
  12: "f2",
  13: "f3",
  14: "f4",
  15: "f5",
  17: "f6",
  18: "f7",
  19: "f8",
  20: "f9",
  21: "f10",
  23: "f11",
  24: "f12",
};
const CODEPOINT_NAMES: Record<number, string> = { 13: "enter", 9: "tab", 27: "escape", 127: "backspace", 8: "backspace", 32: "space" };

const key = (name: string, mods: Partial<Key> = {}): InputEvent => ({
  type: "key",
  key: { name, ctrl: false, alt: false, shift: false, ...mods },
});

/** Modifier parameter of xterm/Kitty sequences: 1 + shift(1) + alt(2) + ctrl(4) (+ locks, ignored). */
function mods(param: number | undefined): Pick<Key, "ctrl" | "alt" | "shift"> {
  const bits = Math.max(0, (param ?? 1) - 1);
  return { shift: (bits & 1) !== 0, alt: (bits & 2) !== 0, ctrl: (bits & 4) !== 0 };
}

/** One control or printable character (not ESC). */
function single(ch: string, alt = false): InputEvent {
  const code = ch.codePointAt(0)!;
  if (ch === "\r") return key("enter", { alt });
  if (ch === "\n") return key("enter", { shift: true, alt }); // Ctrl+J: a newline, like Shift+Enter
  if (ch === "\t") return key("tab", { alt });
  if (code === 127 || code === 8) return key("backspace", { alt });
  if (code === 0) return key("space", { ctrl: true, alt });
  if (code === 0x1f) return key("-", { ctrl: true, alt });
  if (code === 0x1d) return key("]", { ctrl: true, alt });
  if (code === 0x1c) return key("\\", { ctrl: true, alt });
  if (code < 27) return key(String.fromCharCode(code + 96), { ctrl: true, alt });
  if (ch === " ")
    return alt ? key("space", { alt }) : { type: "key", key: { name: "space", ctrl: false, alt: false, shift: false, text: " " } };
  const lower = ch.toLowerCase();
  const shift = ch !== lower && ch.length === 1;
  if (alt) return key(lower, { alt, shift });
  return { type: "key", key: { name: lower, ctrl: false, alt: false, shift, text: ch } };
}

function fromCodepoint(code: number, modParam: number | undefined): InputEvent {
  const m = mods(modParam);
  const name = CODEPOINT_NAMES[code];
  if (name) return key(name, m);
  const ch = String.fromCodePoint(code);
  if (!m.ctrl && !m.alt) {
    const text = m.shift ? ch.toUpperCase() : ch;
    return { type: "key", key: { name: ch.toLowerCase(), ...m, text } };
  }
  return key(ch.toLowerCase(), m);
}

/** Parses a CSI sequence body (after ESC [); undefined when it is unknown. */
function csi(params: string, final: string): InputEvent | undefined {
  // SGR mouse report (CSI < b;x;y M): only the wheel is used (full-screen scrolling).
  if (params.startsWith("<")) {
    const b = Number(params.slice(1).split(";")[0]);
    return final === "M" && (b === 64 || b === 65) ? key(b === 64 ? "wheelup" : "wheeldown") : undefined;
  }
  const nums = params
    .replace(/^[?>]/, "")
    .split(";")
    .map((p) => (p === "" ? undefined : Number(p.split(":")[0])));
  if (final === "u") return fromCodepoint(nums[0] ?? 0, nums[1]);
  if (final === "~") {
    if (nums[0] === 27 && nums.length >= 3) return fromCodepoint(nums[2] ?? 0, nums[1]);
    const name = CSI_TILDE[nums[0] ?? 0];
    return name ? key(name, mods(nums[1])) : undefined;
  }
  const name = CSI_LETTERS[final];
  if (!name) return undefined;
  if (final === "Z") return key("tab", { ...mods(nums[1]), shift: true });
  return key(name, mods(nums[1]));
}

export class KeyParser {
  private buffer = "";
  private paste: string | undefined;

  /** Feeds bytes; returns the complete events. An incomplete escape waits for more (or flush()). */
  feed(data: string): InputEvent[] {
    this.buffer += data;
    const out: InputEvent[] = [];
    for (;;) {
      if (this.paste !== undefined) {
        const end = this.buffer.indexOf(PASTE_END);
        if (end < 0) {
          this.paste += this.buffer;
          this.buffer = "";
          return out;
        }
        out.push({ type: "paste", text: (this.paste + this.buffer.slice(0, end)).replace(/\r\n?/g, "\n") });
        this.paste = undefined;
        this.buffer = this.buffer.slice(end + PASTE_END.length);
        continue;
      }
      if (!this.buffer) return out;
      if (this.buffer.startsWith(PASTE_START)) {
        this.paste = "";
        this.buffer = this.buffer.slice(PASTE_START.length);
        continue;
      }
      const before = out.length;
      const taken = this.next(out);
      if (taken === 0) return out; // incomplete: wait
      const last = out[out.length - 1];
      if (out.length > before && last.type === "key") last.key.raw = this.buffer.slice(0, taken);
      this.buffer = this.buffer.slice(taken);
    }
  }

  /** Whether a lone ESC (or a partial sequence) is waiting; the caller flushes after a pause. */
  get pending(): boolean {
    return this.buffer.length > 0 && this.paste === undefined;
  }

  /** Emits what is buffered as plain keys (a lone ESC becomes Escape). */
  flush(): InputEvent[] {
    const rest = this.buffer;
    this.buffer = "";
    if (!rest) return [];
    const withRaw = (ev: InputEvent, raw: string) => (ev.type === "key" && (ev.key.raw = raw), ev);
    if (rest === "\x1b") return [withRaw(key("escape"), rest)];
    // Two ESCs in a row are a quick double Escape, not Alt+Escape.
    if (rest.startsWith("\x1b") && rest.length === 2 && rest[1] !== "\x1b") return [withRaw(single(rest[1], true), rest)];
    return [...rest].map((ch) => withRaw(ch === "\x1b" ? key("escape") : single(ch), ch));
  }

  /** Parses one event at the start of the buffer; returns the chars used, 0 if incomplete. */
  private next(out: InputEvent[]): number {
    const b = this.buffer;
    if (b[0] !== "\x1b") {
      const ch = String.fromCodePoint(b.codePointAt(0)!);
      out.push(single(ch));
      return ch.length;
    }
    if (b.length === 1) return 0;
    if (b[1] === "[") {
      const m = /^\x1b\[([0-9;:?><]*)([\x20-\x2f]*)([\x40-\x7e])/.exec(b);
      if (!m) return /^\x1b\[[0-9;:?><\x20-\x2f]*$/.test(b) ? 0 : this.alt(out);
      const ev = csi(m[1], m[3]);
      if (ev) out.push(ev);
      return m[0].length;
    }
    if (b[1] === "O") {
      if (b.length < 3) return 0;
      const name = CSI_LETTERS[b[2]];
      if (name) out.push(key(name));
      return 3;
    }
    if (b[1] === "\x1b") {
      // ESC ESC [ A: some terminals send Alt+arrow as ESC + the plain sequence.
      if (b.length === 2) return 0;
      const m = /^\x1b\x1b(?:\[([0-9;:?>]*)[\x20-\x2f]*([\x40-\x7e])|O([A-Z]))/.exec(b);
      const ev = m ? (m[3] ? (CSI_LETTERS[m[3]] ? key(CSI_LETTERS[m[3]]) : undefined) : csi(m[1], m[2])) : undefined;
      if (!m || !ev || ev.type !== "key") {
        out.push(key("escape"));
        return 1;
      }
      out.push({ type: "key", key: { ...ev.key, alt: true, text: undefined } });
      return m[0].length;
    }
    return this.alt(out);
  }

  private alt(out: InputEvent[]): number {
    const ch = String.fromCodePoint(this.buffer.codePointAt(1)!);
    out.push(single(ch, true));
    return 1 + ch.length;
  }
}
