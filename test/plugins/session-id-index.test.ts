// The session's id table (format/id-index.ts, an open-addressing hash table over typed arrays)
// must behave exactly as the Map it replaced: any sequence of set, add (set if absent), get, has and delete, with ids
// that collide, repeat, are empty, long or not ASCII, against a Map doing the same.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdIndex } from "../../plugins/session-jsonl/format/id-index.js";

const id = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 300 }).map((n) => n.toString(16).padStart(8, "0")) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "é", "日本", "a".repeat(100)) },
);

type Op = { k: "set" | "add"; id: string; v: number } | { k: "delete"; id: string } | { k: "get"; id: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant("set" as const), id, v: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("add" as const), id, v: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("delete" as const), id }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("get" as const), id }) },
);

describe("IdIndex", () => {
  it("agrees with a Map on any sequence of operations", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const model = new Map<string, number>();
        const index = new IdIndex<number>();
        // Plain comparisons in the loop (an expect per step costs more than the table).
        const wrong: unknown[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.k === "set") {
            model.set(o.id, o.v);
            index.set(o.id, o.v);
          } else if (o.k === "add") {
            // add: the value already there, or undefined after adding this one
            const had = model.get(o.id);
            if (had === undefined) model.set(o.id, o.v);
            if (index.add(o.id, o.v) !== had) wrong.push([i, "add"]);
          } else if (o.k === "delete" && index.delete(o.id) !== model.delete(o.id)) wrong.push([i, "delete"]);
          if (index.get(o.id) !== model.get(o.id) || index.has(o.id) !== model.has(o.id)) wrong.push([i, "get/has"]);
          if (index.size !== model.size) wrong.push([i, "size"]);
        }
        for (const [k, v] of model) if (index.get(k) !== v) wrong.push([k, "at the end"]);
        expect(wrong).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
