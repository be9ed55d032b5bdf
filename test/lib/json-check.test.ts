import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonCheck } from "../../lib/provider-kit/json-check.js";

/** What JsonCheck should say: JSON.parse accepts it, an object, one top-level `type` key. */
function expected(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return true;
}

function check(text: string, cuts: number[] = []): boolean {
  const bytes = Buffer.from(text, "utf8");
  const c = new JsonCheck();
  let at = 0;
  for (const cut of [...cuts.filter((x) => x < bytes.length)].sort((a, b) => a - b)) {
    c.feed(bytes, at, Math.max(at, cut));
    at = Math.max(at, cut);
  }
  c.feed(bytes, at, bytes.length);
  return c.ok();
}

const withType = (body: string) => `{"type":"x"${body}}`;

describe("JsonCheck", () => {
  it("agrees with JSON.parse on objects with one type key, cut anywhere", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== "type" && JSON.stringify(k) === `"${k}"`),
          fc.jsonValue(),
        ),
        fc.array(fc.nat(400)),
        (rest, cuts) => {
          const text = JSON.stringify({ type: "x", ...rest });
          expect(check(text, cuts)).toBe(true);
          expect(check(` ${JSON.stringify({ type: "x", ...rest }, null, 2)}\n`, cuts)).toBe(true);
        },
      ),
    );
  });

  it("never vouches for what JSON.parse rejects (mutated texts)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.string({ minLength: 0, maxLength: 3 }), fc.nat(3), (v, at, ins, del) => {
        const base = withType(`,"v":${JSON.stringify(v)}`);
        const i = at % (base.length + 1);
        const text = base.slice(0, i) + ins + base.slice(i + del);
        if (check(text)) expect(expected(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses a second or escaped top-level type key, and non-objects", () => {
    expect(check('{"type":"a","type":"b"}')).toBe(false);
    expect(check('{"type":"a","ty\\u0070e":"b"}')).toBe(false);
    expect(check('{"type":"a","o":{"type":"b"}}')).toBe(true);
    expect(check('{"a":1}')).toBe(false);
    expect(check("[1]")).toBe(false);
    expect(check('{"type":"a"} {}')).toBe(false);
    expect(check('{"type":"a","n":-0.5e+3,"m":[true,false,null,"\\n\\u00e9"]}')).toBe(true);
    expect(check('{"type":"a","n":01}')).toBe(false);
    expect(check('{"type":"a","n":1.}')).toBe(false);
    expect(check('{"type":"a","s":"\u0001"}')).toBe(false);
    expect(check('{"type":"a","s":"é€😀"}')).toBe(true);
  });
});
