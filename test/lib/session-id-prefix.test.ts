// uniquePrefixes: every prefix names exactly its own id and is never shorter than asked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniquePrefixes } from "../../lib/session-kit/index.js";

describe("uniquePrefixes", () => {
  it("gives each id a prefix no other id starts with, at least `min` long", () => {
    const id = fc.stringMatching(/^[0-9a-f]{6,20}$/);
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 30 }), fc.integer({ min: 1, max: 10 }), (ids, min) => {
        // An id that is a prefix of another can never be told apart by a prefix: skip those sets.
        fc.pre(ids.every((a) => ids.every((b) => a === b || !b.startsWith(a))));
        const prefixes = uniquePrefixes(ids, min);
        prefixes.forEach((p, i) => {
          expect(ids[i].startsWith(p)).toBe(true);
          expect(p.length).toBe(Math.min(ids[i].length, Math.max(min, p.length)));
          expect(ids.filter((other) => other.startsWith(p))).toEqual([ids[i]]);
        });
      }),
    );
  });
});
