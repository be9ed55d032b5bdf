// The quick index finds entries through 32-bit keys of their ids (format/id-keys.ts) in a sorted
// table (format/id-table.ts): a key read from a line's bytes must be the key of the id as a string,
// pi's ids must keep their value (distinct ids, distinct keys), and the table must find exactly what
// a Map finds, or refuse to be built when two keys are equal.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hexBytes, hexId, hexOf, keyOf, keyOfBytes } from "../../plugins/session-jsonl/format/id-keys.js";
import { IdTable } from "../../plugins/session-jsonl/format/id-table.js";

const hex8 = fc.integer({ min: 0, max: 0xffffffff }).map((v) => v.toString(16).padStart(8, "0"));
const asciiId = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 64 });
const id = fc.oneof(
  hex8,
  asciiId,
  hex8.map((h) => h.toUpperCase()),
);

describe("id keys", () => {
  it("agree between bytes and strings; pi's ids are their value", () => {
    fc.assert(
      fc.property(id, (s) => {
        const b = Buffer.from(`..${s}..`, "latin1");
        expect(keyOfBytes(b, 2, 2 + s.length)).toBe(keyOf(s));
        expect(hexBytes(b, 2, 2 + s.length)).toBe(hexOf(s));
        const v = hexOf(s);
        if (/^[0-9a-f]{8}$/.test(s)) expect(hexId(v)).toBe(s);
        else expect(v).toBe(-1);
        expect(keyOf(s)).toBeGreaterThanOrEqual(0);
        expect(keyOf(s)).toBeLessThanOrEqual(0xffffffff);
      }),
      { numRuns: 300 },
    );
  });
});

describe("IdTable", () => {
  it("finds what a Map finds, and is not built when two keys are equal", () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 200 }), fc.array(id, { maxLength: 20 }), (ids, others) => {
        const keys = Uint32Array.from(ids.map(keyOf));
        const table = IdTable.build(keys, ids.length);
        if (new Set(keys).size < ids.length) return void expect(table).toBeUndefined();
        expect(table).toBeDefined();
        const map = new Map(ids.map((s, i) => [s, i]));
        for (const s of [...ids, ...others]) {
          const slot = table?.find(keyOf(s)) ?? -2;
          // a key finds at most one slot, which the caller confirms by its id
          expect(slot >= 0 && ids[slot] === s ? slot : -1).toBe(map.get(s) ?? -1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
