// Whatever the network's splits, the SSE parser (sse.ts) must give exactly the events a plain
// reading of the whole decoded text gives: the WHATWG rules
// written out simply below, on generated streams with every line ending, comments, unknown
// fields, a byte order mark, non-ASCII text (astral characters are 4 bytes in UTF-8, so a split
// can fall inside one), and a last event without its blank line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SseEvent, SseParser } from "../../../lib/provider-kit/index.js";

/**
 * The reference: the whole text decoded at once, split into lines, fields applied in order.
 * `partial`: the bytes are a prefix of the stream, and only the events its blank lines end count.
 */
function reference(bytes: Uint8Array, partial = false): SseEvent[] {
  let text = new TextDecoder().decode(bytes); // drops a leading BOM
  const lines = text.split(/\r\n|\r|\n/);
  const last = lines.pop() as string;
  if (last !== "" && !partial) lines.push(last);
  text = "";
  const events: SseEvent[] = [];
  let data: string[] | undefined;
  let type = "";
  let id: string | undefined;
  const dispatch = () => {
    if (data) events.push({ event: type || "message", data: data.join("\n"), ...(id === undefined ? {} : { id }) });
    data = undefined;
    type = "";
  };
  for (const line of lines) {
    if (line === "") dispatch();
    else if (!line.startsWith(":")) {
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") (data ??= []).push(value);
      else if (field === "event") type = value;
      else if (field === "id" && !value.includes("\0")) id = value;
    }
  }
  if (!partial) dispatch();
  return events;
}

/** The parser's events for `bytes` pushed in pieces cut at `cuts`; each push gives every event its bytes complete. */
function parse(bytes: Uint8Array, cuts: number[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    // A plain Uint8Array, as a test or another transport may hand over, not only Buffers.
    events.push(...parser.push(new Uint8Array(bytes.subarray(from, cut))));
    from = cut;
    expect(events).toEqual(reference(bytes.subarray(0, cut), true));
  }
  events.push(...parser.push(bytes.subarray(from)), ...parser.end());
  return events;
}

// Values: ASCII with colons and spaces, accented letters, CJK, emoji (surrogate pairs), NUL.
const value = fc.string({
  unit: fc.constantFrom("a", "b", " ", ":", "{", '"', "é", "日", "😀", "🎉", "\0", "x"),
  maxLength: 12,
});
const lineEnd = fc.constantFrom("\n", "\r", "\r\n");
const line = fc.oneof(
  fc
    .tuple(fc.constantFrom("data", "event", "id", "retry", "dat", "datas", "other"), fc.constantFrom(":", ": ", ""), value)
    .map(([f, sep, v]) => (sep === "" ? f : `${f}${sep}${v}`)),
  value.map((v) => `:${v}`),
  fc.constant(""),
);
const stream = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(line, lineEnd), { maxLength: 30 }), fc.oneof(fc.constant(""), value))
  .map(([bom, lines, tail]) => Buffer.from(`${bom ? "\ufeff" : ""}${lines.map(([l, e]) => l + e).join("")}${tail}`, "utf8"));

describe("SseParser against a plain reading", () => {
  it("gives the events of the whole decoded text, however the bytes are split", () => {
    fc.assert(
      fc.property(
        stream.chain((bytes) => fc.tuple(fc.constant(bytes), fc.array(fc.nat({ max: bytes.length }), { maxLength: 8 }))),
        ([bytes, cuts]) => {
          expect(parse(bytes, cuts)).toEqual(reference(bytes));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("gives the same events when lines are longer than a slice (a final response object), split anywhere", () => {
    // Lines over 8 KiB take the long-line path (their end found in the bytes, a read decoded as
    // one piece); a few of them, with short lines and every line ending around, cut anywhere.
    const long = fc
      .tuple(value, fc.integer({ min: 300, max: 4000 }))
      .map(([v, times]) => `data: ${(v || "é😀").repeat(times)}`.slice(0, 40_000));
    const longStream = fc
      .array(fc.tuple(fc.oneof(long, line), lineEnd), { minLength: 1, maxLength: 6 })
      .map((lines) => Buffer.from(lines.map(([l, e]) => l + e).join(""), "utf8"));
    fc.assert(
      fc.property(
        longStream.chain((bytes) => fc.tuple(fc.constant(bytes), fc.array(fc.nat({ max: bytes.length }), { maxLength: 8 }))),
        ([bytes, cuts]) => {
          expect(parse(bytes, cuts)).toEqual(reference(bytes));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads a line carried over many reads, one byte at a time", () => {
    const text = `event: e\r\ndata: ${"😀é".repeat(50)}\r\n\r\n`;
    const bytes = Buffer.from(text, "utf8");
    const cuts = Array.from({ length: bytes.length }, (_, i) => i);
    expect(parse(bytes, cuts)).toEqual([{ event: "e", data: "😀é".repeat(50) }]);
  });
});
