// A streaming JSON syntax check over bytes, for an event's data that the decoder would parse only to
// ignore it (the end of a responses-API answer repeats the whole answer in four events, ~1 MB each
// on a long one). It tells whether JSON.parse would accept the text (and give an object whose only
// top-level `type` key is the first) without building the text or the object: no string, no fresh
// memory. Anything it cannot vouch for makes the caller parse the data as before.
//
// Bytes and UTF-16 code units agree for this: JSON's syntax is ASCII, and a byte or code unit of
// 0x80 or more is valid only inside a string, either way.

enum S {
  Value, // a value expected (after `:`, `,` in an array, or at the start)
  ArrayFirst, // after `[`: a value or `]`
  ObjectFirst, // after `{`: a key or `}`
  Key, // after `,` in an object: a key
  Colon, // after a key
  After, // after a value: `,`, a closer, or (at depth 0) only whitespace
  String,
  Escape,
  Hex,
  Literal,
  Number,
  Bad,
}

// Number sub-states: where in -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)? the last character was.
enum N {
  Minus,
  Zero,
  Int,
  Dot,
  Frac,
  Exp,
  ExpSign,
  ExpDigits,
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

export class JsonCheck {
  private state = S.Value;
  /** Open containers: 1 an object, 0 an array. */
  private readonly stack: number[] = [];
  /** The string being read is a key (and which depth's). */
  private inKey = false;
  /** A top-level key's characters matched against `type` so far (-1: not `type`). */
  private keyMatch = -1;
  private typeKeys = 0;
  private hexLeft = 0;
  private literal = "";
  private literalAt = 0;
  private number = N.Minus;

  /** Feeds the bytes `codes[from, to)`. */
  feed(codes: Uint8Array, from = 0, to = codes.length): void {
    for (let i = from; i < to; i++) {
      if (this.state === S.String && !this.inKey) {
        // The hot loop: a long string value's plain characters.
        for (; i < to; i++) {
          const c = codes[i];
          if (c === 0x22 || c === 0x5c || c < 0x20) break;
        }
        if (i === to) return;
      }
      this.step(codes[i]);
      if (this.state === S.Bad) return;
    }
  }

  /** Whether something fed already rules the text out. */
  failed(): boolean {
    return this.state === S.Bad;
  }

  /** Whether everything fed is one whole JSON object with a single top-level `type` key. */
  ok(): boolean {
    if (this.state === S.Number) this.endNumber();
    return this.state === S.After && this.stack.length === 0 && this.sawObject && this.typeKeys === 1;
  }

  private sawObject = false;

  private step(c: number): void {
    switch (this.state) {
      case S.String:
        if (c === 0x22) {
          if (this.inKey) {
            if (this.keyMatch === 4) this.typeKeys++;
            this.inKey = false;
            this.state = S.Colon;
          } else this.state = S.After;
        } else if (c === 0x5c) {
          // An escaped top-level key might spell `type`: not vouched for.
          if (this.inKey && this.stack.length === 1) return this.bad();
          this.state = S.Escape;
        } else if (c < 0x20) this.bad();
        else if (this.keyMatch >= 0) this.keyMatch = this.keyMatch < 4 && c === TYPE[this.keyMatch] ? this.keyMatch + 1 : -1;
        return;
      case S.Escape:
        if (c === 0x75) {
          this.hexLeft = 4;
          this.state = S.Hex;
        } else if (c === 0x22 || c === 0x5c || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74)
          this.state = S.String;
        else this.bad();
        return;
      case S.Hex:
        if (!isHex(c)) return this.bad();
        if (--this.hexLeft === 0) this.state = S.String;
        return;
      case S.Literal:
        if (c !== this.literal.charCodeAt(this.literalAt)) return this.bad();
        if (++this.literalAt === this.literal.length) this.state = S.After;
        return;
      case S.Number:
        if (this.numberStep(c)) return;
        this.endNumber();
        if (this.failed()) return;
        return this.step(c);
      default:
        break;
    }
    if (isWs(c)) return;
    switch (this.state) {
      case S.Value:
      case S.ArrayFirst:
        if (this.state === S.ArrayFirst && c === 0x5d) return this.close(0);
        return this.value(c);
      case S.ObjectFirst:
      case S.Key:
        if (this.state === S.ObjectFirst && c === 0x7d) return this.close(1);
        if (c !== 0x22) return this.bad();
        this.inKey = true;
        this.keyMatch = this.stack.length === 1 ? 0 : -1;
        this.state = S.String;
        return;
      case S.Colon:
        if (c !== 0x3a) return this.bad();
        this.state = S.Value;
        return;
      case S.After: {
        const top = this.stack.length === 0 ? -1 : this.stack[this.stack.length - 1];
        if (c === 0x2c && top >= 0) this.state = top === 1 ? S.Key : S.Value;
        else if (c === 0x7d && top === 1) this.close(1);
        else if (c === 0x5d && top === 0) this.close(0);
        else this.bad();
        return;
      }
      default:
        this.bad();
    }
  }

  private value(c: number): void {
    if (this.stack.length === 0 && this.sawObject) return this.bad();
    if (c === 0x7b) {
      if (this.stack.length === 0) this.sawObject = true;
      this.stack.push(1);
      this.state = S.ObjectFirst;
    } else if (this.stack.length === 0)
      this.bad(); // only an object is vouched for at the top
    else if (c === 0x5b) {
      this.stack.push(0);
      this.state = S.ArrayFirst;
    } else if (c === 0x22) {
      this.inKey = false;
      this.keyMatch = -1;
      this.state = S.String;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      this.literal = c === 0x74 ? "true" : c === 0x66 ? "false" : "null";
      this.literalAt = 1;
      this.state = S.Literal;
    } else if (c === 0x2d || isDigit(c)) {
      this.number = c === 0x2d ? N.Minus : c === 0x30 ? N.Zero : N.Int;
      this.state = S.Number;
    } else this.bad();
  }

  /** Whether `c` continues the number. */
  private numberStep(c: number): boolean {
    const digit = isDigit(c);
    switch (this.number) {
      case N.Minus:
        if (!digit) return false;
        this.number = c === 0x30 ? N.Zero : N.Int;
        return true;
      case N.Zero:
      case N.Int:
        if (digit && this.number === N.Int) return true;
        if (c === 0x2e) this.number = N.Dot;
        else if (c === 0x65 || c === 0x45) this.number = N.Exp;
        else return false;
        return true;
      case N.Dot:
      case N.Frac:
        if (digit) this.number = N.Frac;
        else if (this.number === N.Frac && (c === 0x65 || c === 0x45)) this.number = N.Exp;
        else return false;
        return true;
      case N.Exp:
        if (c === 0x2b || c === 0x2d) this.number = N.ExpSign;
        else if (digit) this.number = N.ExpDigits;
        else return false;
        return true;
      default:
        if (!digit) return false;
        this.number = N.ExpDigits;
        return true;
    }
  }

  private endNumber(): void {
    const n = this.number;
    this.state = n === N.Zero || n === N.Int || n === N.Frac || n === N.ExpDigits ? S.After : S.Bad;
  }

  private close(kind: number): void {
    this.stack.pop();
    void kind;
    this.state = S.After;
  }

  private bad(): void {
    this.state = S.Bad;
  }
}

const TYPE = [0x74, 0x79, 0x70, 0x65];
