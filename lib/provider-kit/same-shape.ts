// Recognising an SSE event that repeats the previous one but for its text, without JSON.parse.
// Some APIs (Gemini) send every token as a whole response object whose other members (usage so
// far, model version, response id) stay the same from one event to the next, and nest too deeply
// for one regular expression (plain-json.ts) to match cheaply. A decoder remembers an event it
// parsed in full whose only effect was one piece of text; a later event that is byte for byte
// the same before and after that text, with a text that needs no decoding (no quote, backslash or
// control character), is the same JSON with another string: its effect is the same with the new
// text. Anything else goes through JSON.parse as before, so nothing is read differently.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class SameShape {
  /** The remembered event up to its text's opening quote (included), and from its closing quote. */
  private prefix = "";
  private suffix = "";

  /** The text of `data` when it is the remembered event with another plain text; else undefined. */
  text(data: string): string | undefined {
    const p = this.prefix;
    const end = data.length - this.suffix.length;
    if (p === "" || end < p.length || !data.startsWith(p) || !data.endsWith(this.suffix)) return undefined;
    for (let i = p.length; i < end; i++) {
      const c = data.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH || c < 0x20) return undefined;
    }
    return data.slice(p.length, end);
  }

  /**
   * Remembers `data`, an event parsed in full whose only effect was `text`, found at `"key":` in
   * it (`"key": ` too: some APIs print a space). Nothing is remembered (and the last one is
   * forgotten) unless the text needs no escaping and appears exactly once with that key.
   */
  remember(data: string, key: string, text: string): void {
    this.forget();
    const quoted = JSON.stringify(text);
    if (quoted.length !== text.length + 2) return;
    const member = [`"${key}":${quoted}`, `"${key}": ${quoted}`].find((m) => data.includes(m));
    if (!member) return;
    const at = data.indexOf(member);
    if (data.indexOf(member, at + 1) >= 0) return;
    const open = at + member.length - quoted.length + 1;
    this.prefix = data.slice(0, open);
    this.suffix = data.slice(open + text.length);
  }

  forget(): void {
    this.prefix = "";
    this.suffix = "";
  }
}
