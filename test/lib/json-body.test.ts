// jsonBody: a request body as UTF-8 bytes built a message at a time must be, byte for byte, what
// JSON.stringify gives: whatever the values (strings that need escaping, lone surrogates, emoji,
// undefined members, toJSON), and whatever the array lengths (short ones are stringified whole).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonBody } from "../../lib/provider-kit/index.js";

const bytesOf = (body: unknown) => {
  const b = jsonBody(body);
  const all = Buffer.concat(b.chunks);
  expect(all.length).toBe(b.length);
  return all.toString("utf8");
};
const same = (body: unknown): void => {
  expect(bytesOf(body)).toBe(Buffer.from(JSON.stringify(body) ?? "", "utf8").toString("utf8"));
};

describe("jsonBody", () => {
  it("equals JSON.stringify for any body with long and short arrays", () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const message = fc.oneof(value, fc.constant(undefined), fc.record({ role: fc.string(), content: fc.string({ unit: "binary" }) }));
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(value, fc.array(message, { minLength: 30, maxLength: 60 }), fc.constant(undefined))),
        (body) => {
          same(body);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("equals JSON.stringify for bodies that are not plain objects, and with toJSON", () => {
    for (const body of [[1, 2], "text", 3, null, new Date(0), { at: new Date(0), list: Array(40).fill(new Date(1)) }]) same(body);
    same({ messages: Array.from({ length: 50 }, (_, i) => ({ i, toJSON: (key: string) => `k${key}` })) });
  });

  it("turns a big conversation into pieces, none much over 64 KiB", () => {
    const messages = Array.from({ length: 2_000 }, (_, i) => ({ role: "tool", content: `${"é".repeat(100)} ${i}` }));
    const b = jsonBody({ model: "m", messages, stream: true });
    expect(b.chunks.length).toBeGreaterThan(3);
    for (const c of b.chunks) expect(c.length).toBeLessThan(2 * 64 * 1024 + 1_000);
    same({ model: "m", messages, stream: true });
  });
});
