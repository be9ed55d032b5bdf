// Tool arguments: the validator, given lib/schema-kit's plain check (as the composition root gives
// it), answers plainly valid calls without ajv, and every answer (valid or not, the value handed
// on with its coercions and defaults, the message) is ajv's own.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { SchemaValidator } from "../../kernel/schema.js";
import { Type } from "../../kernel/index.js";
import { plainlyValid } from "../../lib/schema-kit/index.js";

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true });

/** What ajv alone says: valid or not, and the value after its coercions and defaults. */
function ajvSays(schema: object, args: unknown) {
  const value = structuredClone(args);
  return { ok: ajv.validate(schema, value), value };
}

const read = Type.Object({
  path: Type.String({ description: "file" }),
  offset: Type.Optional(Type.Number()),
  limit: Type.Optional(Type.Integer()),
});
const edit = Type.Object(
  { path: Type.String(), edits: Type.Array(Type.Object({ oldText: Type.String(), newText: Type.String() }), { description: "x" }) },
  { additionalProperties: false },
);
const mode = Type.Object({ mode: Type.Union([Type.Literal("a"), Type.Literal("b")]), flag: Type.Optional(Type.Boolean()) });
const mixed = { type: "object", properties: { n: { anyOf: [{ type: "number" }, { type: "string" }] } }, required: ["n"] };
const defaulted = { type: "object", properties: { timeout: { type: "number", default: 30 } } };
const bounded = {
  type: "object",
  properties: {
    s: { type: "string", minLength: 3, maxLength: 4 },
    n: { type: "number", minimum: 1, maximum: 2 },
    a: { type: "array", minItems: 1, maxItems: 2 },
  },
};
const unknown = { type: "object", properties: { s: { type: "string", pattern: "^a" } } };

const CASES: [string, object, unknown][] = [
  ["a plain read", read, { path: "a.txt" }],
  ["a read with numbers", read, { path: "a.txt", offset: 3, limit: 10 }],
  ["a number sent as a string (coerced)", read, { path: "a.txt", offset: "3" }],
  ["a fraction for an integer", read, { path: "a.txt", limit: 1.5 }],
  ["a missing required property", read, { offset: 1 }],
  ["a plain edit", edit, { path: "a", edits: [{ oldText: "x", newText: "y" }] }],
  ["an edit with an extra property", edit, { path: "a", edits: [], extra: 1 }],
  ["an edit item missing a field", edit, { path: "a", edits: [{ oldText: "x" }] }],
  ["edits that are not an array", edit, { path: "a", edits: "x" }],
  ["a literal of the union", mode, { mode: "b", flag: true }],
  ["a value outside the union", mode, { mode: "c" }],
  ["a boolean sent as a string", mode, { mode: "a", flag: "true" }],
  ["a union across types (ajv coerces in the first branch)", mixed, { n: "5" }],
  ["a missing property with a default (ajv fills it)", defaulted, {}],
  ["a present property with a default", defaulted, { timeout: 5 }],
  ["a string too short", bounded, { s: "ab" }],
  ["a string long enough in code points", bounded, { s: "😀😀😀" }],
  ["a string too long", bounded, { s: "abcde" }],
  ["numbers and arrays within bounds", bounded, { n: 2, a: [1, 2] }],
  ["a number out of bounds", bounded, { n: 3 }],
  ["an empty array below minItems", bounded, { a: [] }],
  ["a keyword the plain check does not know", unknown, { s: "b" }],
  ["a keyword the plain check does not know, satisfied", unknown, { s: "a" }],
  ["no arguments at all", read, undefined],
];

describe("tool argument validation", () => {
  it.each(CASES)("gives ajv's verdict and value: %s", (_name, schema, args) => {
    const validator = new SchemaValidator(plainlyValid);
    const expected = ajvSays(schema, args ?? {});
    const got = validator.validate(schema as never, args);
    expect(got.ok).toBe(expected.ok);
    if (got.ok) expect(got.value).toEqual(expected.value);
    else expect(got.message).toMatch(/^Invalid arguments:\n- /);
  });

  it("answers plainly valid calls itself and sends the rest to ajv", () => {
    expect(plainlyValid(read, { path: "a.txt", offset: 3, limit: 10 })).toBe(true);
    expect(plainlyValid(edit, { path: "a", edits: [{ oldText: "x", newText: "y" }] })).toBe(true);
    expect(plainlyValid(mode, { mode: "b", flag: true })).toBe(true);
    expect(plainlyValid(read, { path: "a.txt", offset: "3" })).toBe(false);
    expect(plainlyValid(defaulted, {})).toBe(false);
    expect(plainlyValid(unknown, { s: "a" })).toBe(false);
  });

  it("never rewrites the arguments the model sent", () => {
    const args = { path: "a.txt", offset: "3" };
    const plain = { path: "a.txt" };
    const validator = new SchemaValidator(plainlyValid);
    const coerced = validator.validate(read as never, args);
    const direct = validator.validate(read as never, plain);
    expect(coerced.ok && coerced.value.offset).toBe(3);
    expect(args.offset).toBe("3");
    expect(direct.ok && direct.value).not.toBe(plain);
  });
});
