// Where the SSE parser cuts a large read (lib/provider-kit/sse-slices.ts) and how it decodes the
// slices: the frame-end scan against a plain search of the bytes, and reads far over a slice
// (multi-byte characters anywhere, the reads cut anywhere) against one decoding of the whole text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CUT, SLICE, type SseEvent, sliceEnd } from "../../../lib/provider-kit/index.js";
import { parseInReads } from "./apis.js";

/** sliceEnd as first written: Buffer's own searches over the same windows. */
function plainSliceEnd(bytes: Buffer, at: number, eol: string, leftover: boolean): number {
  const mark = Buffer.from(eol + eol, "latin1");
  const left = bytes.length - at;
  if (leftover) {
    const first = bytes.subarray(at, at + Math.min(left, MAX_CUT)).indexOf(mark);
    if (first >= 0) return at + first + mark.length;
  }
  if (left <= SLICE) return bytes.length;
  const from = at + SLICE / 2;
  const last = bytes.subarray(from, at + SLICE).lastIndexOf(mark);
  return last >= 0 ? from + last + mark.length : at + SLICE;
}

/** Bytes of lines of random lengths (some far longer than the scan's reach) and line endings. */
const bytesOfLines = fc
  .array(fc.tuple(fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 20_000 })), fc.constantFrom("\n", "\r\n", "\r", "\n\n", "\r\n\r\n")), {
    minLength: 1,
    maxLength: 40,
  })
  .map((lines) => Buffer.from(lines.map(([n, end]) => "d".repeat(n) + end).join(""), "latin1"));

describe("sliceEnd", () => {
  it("cuts where a plain search of the bytes cuts, for either line ending, with or without leftover text", () => {
    fc.assert(
      fc.property(
        bytesOfLines.chain((bytes) => fc.tuple(fc.constant(bytes), fc.nat({ max: bytes.length - 1 }))),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        ([bytes, at], eol, leftover) => {
          expect(sliceEnd(bytes, at, eol, leftover)).toBe(plainSliceEnd(bytes, at, eol, leftover));
        },
      ),
      { numRuns: 300 },
    );
  });
});

function reference(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((frame) => frame !== "")
    .map((frame) => ({ event: "message", data: frame.slice("data: ".length) }));
}

describe("large reads", () => {
  it("give the events of the whole decoded text, with multi-byte characters cut anywhere", () => {
    const word = fc.constantFrom("word ", "é", "日本", "😀", "ok", '\\"', " ");
    const frame = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => `data: {"text":"${words.join("")}"}\n\n`);
    fc.assert(
      fc.property(
        fc.array(frame, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (frames, repeat, cutSeeds) => {
          // A long ASCII run first: most slices are pure ASCII, the frames above fall anywhere.
          const text = `data: ${"x".repeat(40_000)}\n\n${Array.from({ length: repeat }, (_, i) => frames[i % frames.length]).join("")}`;
          const bytes = Buffer.from(text, "utf8");
          const cuts = [...new Set(cutSeeds.map((seed) => seed % bytes.length))].sort((a, b) => a - b);
          expect(parseInReads(bytes, cuts)).toEqual(reference(text));
        },
      ),
      { numRuns: 40 },
    );
  });
});
