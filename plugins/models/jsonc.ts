// JSON with comments and trailing commas, as pi's models.json allows. Hand-written rather than
// JSON.parse on stripped text because V8's errors quote the surrounding text, and these files hold
// API keys: our errors give a line and column and never echo content.

export class JsoncError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = "JsoncError";
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseJsonc(text: string): unknown {
  const parser = new Parser(text);
  const value = parser.value();
  parser.trivia();
  if (!parser.atEnd()) parser.fail("unexpected content after the value");
  return value;
}

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1; // byte-order mark
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  fail(reason: string, at = this.pos): never {
    const before = this.text.slice(0, at);
    const line = before.split("\n").length;
    const column = at - before.lastIndexOf("\n");
    throw new JsoncError(reason, at, line, column);
  }

  /** Skips whitespace and comments. */
  trivia(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") this.pos++;
      else if (c === "/" && this.text[this.pos + 1] === "/") {
        const end = this.text.indexOf("\n", this.pos);
        this.pos = end < 0 ? this.text.length : end;
      } else if (c === "/" && this.text[this.pos + 1] === "*") {
        const end = this.text.indexOf("*/", this.pos + 2);
        if (end < 0) this.fail("unterminated /* comment");
        this.pos = end + 2;
      } else return;
    }
  }

  value(): unknown {
    this.trivia();
    const c = this.text[this.pos];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.fail(c === undefined ? "unexpected end of input" : "expected a value");
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      this.trivia();
      if (this.text[this.pos] === "}") break; // empty object or trailing comma
      if (this.text[this.pos] !== '"') this.fail("expected a property name in double quotes");
      const key = this.string();
      this.trivia();
      if (this.text[this.pos] !== ":") this.fail("expected ':' after the property name");
      this.pos++;
      // defineProperty, so a "__proto__" key is plain data rather than a prototype change.
      Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.trivia();
      if (this.text[this.pos] === ",") this.pos++;
      else if (this.text[this.pos] !== "}") this.fail("expected ',' or '}'");
    }
    this.pos++;
    return out;
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.pos++;
    for (;;) {
      this.trivia();
      if (this.text[this.pos] === "]") break;
      out.push(this.value());
      this.trivia();
      if (this.text[this.pos] === ",") this.pos++;
      else if (this.text[this.pos] !== "]") this.fail("expected ',' or ']'");
    }
    this.pos++;
    return out;
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    for (; i < this.text.length && this.text[i] !== '"'; i++) {
      if (this.text.charCodeAt(i) < 0x20) this.fail("control character in string (use \\n)", i);
      if (this.text[i] === "\\") i++;
    }
    if (i >= this.text.length) this.fail("unterminated string", start);
    this.pos = i + 1;
    try {
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      return this.fail("invalid escape in string", start);
    }
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail("invalid number");
    this.pos += match[0].length;
    return Number(match[0]);
  }
}
