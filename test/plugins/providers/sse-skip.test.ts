// The SSE parser's skip of ignored events (SseParser.ignore): whatever the network's splits, it
// delivers exactly the events a parser without it delivers, less only events the decoder would
// ignore anyway (valid JSON objects of an ignored type); a malformed one still arrives whole.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SseEvent, SseParser } from "../../../lib/provider-kit/index.js";

const IGNORED = new Set(["response.output_text.done", "response.content_part.done"]);

function run(bytes: Buffer, cuts: number[], ignore: boolean): SseEvent[] {
  const parser = new SseParser();
  if (ignore) parser.ignore(IGNORED);
  const events: SseEvent[] = [];
  let at = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    events.push(...parser.push(bytes.subarray(at, cut)));
    at = cut;
  }
  events.push(...parser.push(bytes.subarray(at)));
  events.push(...parser.end());
  return events;
}

/** Whether the responses decoder ignores this event whatever its data says beyond its type. */
function ignorable(event: SseEvent): boolean {
  try {
    const data = JSON.parse(event.data);
    return typeof data === "object" && data !== null && IGNORED.has(data.type) && data.type === event.event;
  } catch {
    return false;
  }
}

const text = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 0, maxLength: 40 }),
  fc.constantFrom("a".repeat(9000), "é😀".repeat(3000), `${"x".repeat(20000)}"`, "y".repeat(70000)),
);

/** An event: small deltas, long ignored ones (valid or damaged), other types. */
const frame = fc.oneof(
  fc.record({ kind: fc.constant("delta"), text }),
  fc.record({
    kind: fc.constant("done"),
    type: fc.constantFrom(...IGNORED, "response.output_item.done"),
    text,
    damage: fc.constantFrom("", "cut", "tail", "dup", "esc", "space", "second"),
    eol: fc.constantFrom("\n", "\r\n", "\r"),
  }),
);

function encode(f: { kind: string; text: string; type?: string; damage?: string; eol?: string }): string {
  if (f.kind === "delta")
    return `event: response.output_text.delta\ndata: ${JSON.stringify({ type: "response.output_text.delta", delta: f.text })}\n\n`;
  const eol = f.eol as string;
  let data = JSON.stringify({ type: f.type, text: f.text, n: 1.5 });
  if (f.damage === "cut") data = data.slice(0, -3);
  if (f.damage === "tail") data += "x";
  if (f.damage === "dup") data = `${data.slice(0, -1)},"type":"response.completed"}`;
  if (f.damage === "esc") data = `${data.slice(0, -1)},"ty\\u0070e":"response.completed"}`;
  if (f.damage === "space") data = `{ ${data.slice(1)}`;
  const second = f.damage === "second" ? `data: ${eol}` : "";
  return `event: ${f.type}${eol}data: ${data}${eol}${second}${eol}`;
}

describe("SseParser.ignore", () => {
  it("drops only events the decoder ignores, whatever the splits", () => {
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (frames, cuts, trailing) => {
        let whole = frames.map(encode).join("");
        if (!trailing) whole = whole.replace(/(\r\n|\r|\n)+$/, "");
        const bytes = Buffer.from(whole, "utf8");
        const plain = run(bytes, cuts, false);
        const skipped = run(bytes, cuts, true);
        // The skipped run is the plain one less some ignorable events, in order.
        let i = 0;
        for (const event of plain) {
          if (i < skipped.length && JSON.stringify(skipped[i]) === JSON.stringify(event)) i++;
          else expect(ignorable(event)).toBe(true);
        }
        expect(i).toBe(skipped.length);
      }),
      { numRuns: 300 },
    );
  });

  it("skips a long valid ignored event, delivers a damaged one whole", () => {
    const long = JSON.stringify({ type: "response.output_text.done", text: "z".repeat(200_000) });
    const good = Buffer.from(`event: response.output_text.done\ndata: ${long}\n\nevent: x\ndata: {}\n\n`);
    expect(run(good, [100, 5000, 70000, 140000], true)).toEqual([{ event: "x", data: "{}" }]);
    const bad = Buffer.from(`event: response.output_text.done\ndata: ${long.slice(0, -2)}\n\n`);
    expect(run(bad, [100, 5000, 70000, 140000], true)).toEqual([{ event: "response.output_text.done", data: long.slice(0, -2) }]);
  });
});
