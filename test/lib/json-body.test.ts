// jsonBody: a request body as UTF-8 bytes built a message at a time must be, byte for byte, what
// JSON.stringify gives: whatever the values (strings that need escaping, lone surrogates, emoji,
// undefined members, toJSON), and whatever the array lengths (short ones are stringified whole).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { youngGenerationHolders } from "../../lib/heap-kit/index.js";
import {
  type JsonBody,
  convertInBatches,
  defineLazyArray,
  defineLazyBatches,
  jsonBody,
  requestBody,
} from "../../lib/provider-kit/index.js";

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

  it("writes a lazily defined array as its elements are made, byte for byte what JSON.stringify gives", () => {
    const element = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.string({ unit: "binary" }));
    fc.assert(
      fc.property(fc.array(element, { maxLength: 200 }), fc.jsonValue({ maxDepth: 1 }), (elements, other) => {
        let made = 0;
        const lazy = () => {
          const body: Record<string, unknown> = { model: "m" };
          defineLazyArray(body, "messages", function* () {
            for (const e of elements) {
              made++;
              yield e;
            }
          });
          body.other = other;
          return body;
        };
        const text = bytesOf(lazy());
        expect(made).toBe(elements.length); // written without making the array first
        expect(text).toBe(JSON.stringify({ model: "m", messages: elements, other }));
        // Read, it is a plain array, made once; written afterwards, the same bytes.
        const body = lazy();
        made = 0;
        expect(body.messages).toEqual(elements.map((e) => e));
        expect(body.messages).toBe(body.messages);
        expect(made).toBe(elements.length);
        expect(bytesOf(body)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("gives a lazy element's toJSON its index, as JSON.stringify does, and lets the property be replaced", () => {
    const elements = Array.from({ length: 70 }, (_, i) => ({ i, toJSON: (key: string) => `k${key}` }));
    const body: Record<string, unknown> = {};
    defineLazyArray(body, "messages", () => elements);
    expect(bytesOf(body)).toBe(JSON.stringify({ messages: elements }));
    body.messages = ["replaced"];
    expect(bytesOf(body)).toBe('{"messages":["replaced"]}');
    expect({ ...body }).toEqual({ messages: ["replaced"] });
  });

  it("writes batches (empty ones too, and elements with toJSON) as the array of their elements in order", () => {
    const element = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant(undefined),
      fc.string({ unit: "binary" }),
      fc.nat().map((n) => ({ n, toJSON: (key: string) => `${key}:${n}` })),
    );
    fc.assert(
      fc.property(fc.array(fc.array(element, { maxLength: 80 }), { maxLength: 6 }), (batches) => {
        const lazy = () => {
          const body: Record<string, unknown> = { model: "m" };
          defineLazyBatches(body, "messages", () => batches);
          return body;
        };
        const elements = batches.flat();
        expect(bytesOf(lazy())).toBe(JSON.stringify({ model: "m", messages: elements }));
        const body = lazy();
        expect(body.messages).toEqual(elements);
        expect(bytesOf(body)).toBe(JSON.stringify({ model: "m", messages: elements }));
      }),
      { numRuns: 60 },
    );
  });

  it("converts a list in batches: every item's output in order, then the finish's, none lost at a batch's end", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { maxLength: 300 }), fc.boolean(), (counts, withFirst) => {
        // Item i pushes `counts[i]` outputs (0 to 3: a step may push none or several).
        const step = (i: number, out: string[]) => {
          for (let k = 0; k < counts[i]; k++) out.push(`${i}.${k}`);
        };
        const batches = [...convertInBatches([...counts.keys()], step, (out) => out.push("end"), withFirst ? ["first"] : [])];
        const expected = [
          ...(withFirst ? ["first"] : []),
          ...counts.flatMap((c, i) => Array.from({ length: c }, (_, k) => `${i}.${k}`)),
          "end",
        ];
        expect(batches.flat()).toEqual(expected);
        for (const b of batches) {
          expect(b.length).toBeGreaterThan(0);
          expect(b.length).toBeLessThan(64 + 3);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("requestBody and V8's young generation", () => {
  const messages = (n: number, size = 1_000) =>
    Array.from({ length: n }, (_, i) => ({ role: "user", content: `${"x".repeat(size)} ${i}` }));
  const heldWhileMade = (body: Record<string, unknown>, list: unknown[]) => {
    const seen: number[] = [];
    defineLazyBatches(body, "messages", function* () {
      for (let i = 0; i < list.length; i += 64) {
        seen.push(youngGenerationHolders());
        yield list.slice(i, i + 64);
      }
    });
    return seen;
  };

  it("is held while a long body is made and let go once its bytes are (same bytes); a short one never holds", () => {
    const before = youngGenerationHolders();
    const long = messages(1_000); // ~1 MB of text: held from its 256 Ki-th character
    const body: Record<string, unknown> = { model: "m" };
    const seen = heldWhileMade(body, long);
    const made = requestBody(body, Number.POSITIVE_INFINITY) as JsonBody;
    expect(Buffer.concat(made.chunks).toString()).toBe(JSON.stringify({ model: "m", messages: long }));
    expect(seen[0]).toBe(before);
    expect(seen.at(-1)).toBe(before + 1);
    expect(youngGenerationHolders()).toBe(before);

    const short: Record<string, unknown> = { model: "m" };
    const shortSeen = heldWhileMade(short, messages(100));
    requestBody(short, Number.POSITIVE_INFINITY);
    expect(new Set(shortSeen)).toEqual(new Set([before]));
    expect(youngGenerationHolders()).toBe(before);
  });

  it("is let go when the conversion throws mid-body, and when the body turns out long enough to stream", () => {
    const before = youngGenerationHolders();
    const failing: Record<string, unknown> = { model: "m" };
    defineLazyBatches(failing, "messages", function* () {
      for (let i = 0; i < 20; i++) yield messages(64);
      throw new Error("conversion failed");
    });
    expect(() => requestBody(failing, Number.POSITIVE_INFINITY)).toThrow("conversion failed");
    expect(youngGenerationHolders()).toBe(before);

    const streamed = requestBody({ model: "m", messages: messages(2_000) }, 1024 * 1024);
    expect("open" in streamed).toBe(true);
    expect(youngGenerationHolders()).toBe(before);
  });
});
