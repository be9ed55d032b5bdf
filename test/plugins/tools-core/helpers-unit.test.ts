// The shared helpers on their own: truncation, the offset-mapping view, the output sink.
import { describe, expect, it } from "vitest";
import { HeadBudget, OutputSink, truncateTail } from "../../../lib/tool-kit/index.js";
import { buildView, originalSpan } from "../../../lib/tool-kit/index.js";
import { unlink } from "node:fs/promises";

describe("truncation", () => {
  it("tail keeps whole lines within the limits", () => {
    const result = truncateTail("a\nbb\nccc\n", { maxLines: 2, maxBytes: 100 });
    expect(result).toMatchObject({ content: "bb\nccc", truncated: true, outputLines: 2, totalLines: 3 });
    expect(truncateTail("a\nbb\nccc", { maxLines: 10, maxBytes: 7 }).content).toBe("bb\nccc");
  });

  it("tail keeps the end of a last line that alone is too long, on a character boundary", () => {
    const result = truncateTail(`x\n${"é".repeat(10)}`, { maxLines: 10, maxBytes: 5 });
    expect(result).toMatchObject({ content: "éé", lastLinePartial: true, totalLines: 2 });
  });

  it("head budget counts joining newlines", () => {
    const budget = new HeadBudget({ maxLines: 10, maxBytes: 5 });
    expect([budget.admit(2), budget.admit(2), budget.admit(0)]).toEqual(["ok", "ok", "bytes"]);
  });
});

describe("text view", () => {
  it("maps matches in the folded view back to the original", () => {
    const original = "x \u201Cq\u201D  \r\ny";
    const view = buildView(original, true);
    expect(view.text).toBe('x "q"\ny');
    const at = view.text.indexOf('"q"');
    // The span runs to the line break, taking the dropped trailing spaces but not the CRLF.
    expect(original.slice(...(Object.values(originalSpan(view, at, at + 3)) as [number, number]))).toBe("\u201Cq\u201D  ");
  });
});

describe("output sink", () => {
  it("keeps only a bounded tail in memory once output is spilled", async () => {
    const sink = new OutputSink({ maxLines: 2000, maxBytes: 1000 });
    const line = Buffer.from("0123456789\n");
    for (let i = 0; i < 10_000; i++) sink.write(line);
    await sink.close();
    expect(sink.totalLines).toBe(10_000);
    expect(sink.tailText().length).toBeLessThanOrEqual(2000 + line.length);
    expect(sink.spillPath).toBeDefined();
    await unlink(sink.spillPath!);
  });
});
