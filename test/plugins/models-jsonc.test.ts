import { describe, expect, it } from "vitest";
import { JsoncError, parseJsonc } from "../../plugins/models/jsonc.js";

describe("parseJsonc", () => {
  it("accepts comments, trailing commas and a byte-order mark, like JSON otherwise", () => {
    const text = '\uFEFF{ // note\n "a": [1, -2.5e3, true, null, /* x */ "s\\"\\u00e9",],\n "b": {"c": {},},\n}';
    expect(parseJsonc(text)).toEqual({ a: [1, -2500, true, null, 's"é'], b: { c: {} } });
    expect(parseJsonc('"// not a comment"')).toBe("// not a comment");
  });

  it("keeps __proto__ as plain data", () => {
    const value = parseJsonc('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{"a": 1,, }', 1, 9, "expected a property name in double quotes"],
    ['{\n  "a": tru\n}', 2, 8, "expected a value"],
    ["", 1, 1, "unexpected end of input"],
    ["[1 2]", 1, 4, "expected ',' or ']'"],
    ['{"a": "x\ny"}', 1, 9, "control character in string (use \\n)"],
    ['{"a": 1} /* open', 1, 10, "unterminated /* comment"],
    ['{"a": "open', 1, 7, "unterminated string"],
    ["{} {}", 1, 4, "unexpected content after the value"],
  ])("reports %j at line %i, column %i", (text, line, column, reason) => {
    let error: unknown;
    try {
      parseJsonc(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsoncError);
    expect(error).toMatchObject({ line, column, reason, message: `line ${line}, column ${column}: ${reason}` });
  });
});
