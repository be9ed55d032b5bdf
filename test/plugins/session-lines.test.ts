// forEachLine decodes a read's lines as one string when its caller asks (opening a session that is
// decoded whole): each line's text must be what its own bytes decode to, whatever the bytes are
// (invalid UTF-8, characters of 2-4 bytes, CR, blank lines, a last line without its newline) and
// wherever a read ends (small reads and spans of decoded lines here, so lines and characters cross their ends).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { forEachLine } from "../../plugins/session-jsonl/format/lines.js";

const dir = mkdtempSync(join(tmpdir(), "pik-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const piece = fc.oneof(
  fc.constantFrom("\n", "\r\n", "\n\n", "é", "€", "😀", '{"a":"b\\n"}', "\r"),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  // bytes that are not UTF-8: lone continuation bytes, a cut sequence, an overlong form
  fc.constantFrom(Buffer.from([0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xf0, 0x9f, 0x98])),
);

type Seen = [number, number, number, boolean, string];

function lines(file: string, whole: (read: number) => boolean, chunk?: number, span = 1): Seen[] {
  const seen: Seen[] = [];
  let reads = 0;
  forEachLine(
    file,
    (l) => void seen.push([l.no, l.offset, l.length, l.terminated, l.text()]),
    () => whole(reads++),
    chunk,
    span,
  );
  return seen;
}

describe("forEachLine", () => {
  it("gives the same lines whether a read is decoded line by line or a span of lines at a time", () => {
    let i = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.boolean(), { minLength: 1 }),
        (parts, chunk, span, pattern) => {
          const file = join(dir, `f${i++}`);
          const bytes = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
          writeFileSync(file, bytes);
          const byLine = lines(file, () => false, chunk);
          expect(lines(file, (r) => pattern[r % pattern.length], chunk, span)).toEqual(byLine);
          // and each line is its own bytes, decoded alone
          for (const [, offset, length, , text] of byLine) expect(text).toBe(bytes.toString("utf8", offset, offset + length));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("finds the same lines in an all-ASCII span's string as in its bytes (several lines a span)", () => {
    let i = 0;
    const ascii = fc.oneof(fc.constantFrom("\n", "\r\n", "\n\n", '{"a":"b\\n"}', "\r"), fc.string({ unit: "binary-ascii", maxLength: 20 }));
    fc.assert(
      fc.property(
        fc.array(ascii, { maxLength: 60 }),
        fc.integer({ min: 8, max: 200 }),
        fc.integer({ min: 1, max: 160 }),
        (parts, chunk, span) => {
          const file = join(dir, `a${i++}`);
          writeFileSync(file, parts.join(""));
          expect(lines(file, () => true, chunk, span)).toEqual(lines(file, () => false, chunk));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads into a buffer about the file's size: the same lines as small reads, long lines and a long last line included", () => {
    let i = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat({ max: 160_000 }), fc.nat(), fc.boolean(), (parts, long, at, decoded) => {
        // A line (or a last line without its newline) longer than the smallest buffer (64 KiB) or half of it, at times.
        const bytes = parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p));
        bytes.splice(at % (bytes.length + 1), 0, Buffer.alloc(long, "x"));
        const file = join(dir, `b${i++}`);
        writeFileSync(file, Buffer.concat(bytes));
        expect(lines(file, () => decoded, undefined, 32 * 1024)).toEqual(lines(file, () => false, 4096));
      }),
      { numRuns: 60 },
    );
  });
});
