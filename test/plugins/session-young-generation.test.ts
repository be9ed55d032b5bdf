// Decoding a long never-compacted session holds V8's young generation at its size (format/young-generation.ts):
// the flag is set before the first line is decoded and set back to V8's default however the
// decoding ends, and nothing is set for a short file or one whose first read holds a compaction.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { indexFile, NotASessionError } from "../../plugins/session-jsonl/format/read.js";
// @ts-expect-error plain ESM bench module without types
import { writeSession } from "../../bench/sessions.bench.mjs";

const write = writeSession as (f: string, n: number, cwd: string, shape?: string) => void;
let dir: string;
let flags: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pik-young-"));
  flags = [];
  const set = v8.setFlagsFromString.bind(v8);
  vi.spyOn(v8, "setFlagsFromString").mockImplementation((f: string) => {
    flags.push(f);
    set(f);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const HELD = ["--semi-space-growth-factor=1", "--semi-space-growth-factor=2"];

describe("the young generation while a session is decoded", () => {
  it("is held while a long never-compacted file is decoded, and let go after", () => {
    const file = join(dir, "never.jsonl");
    write(file, 2_500, dir, "never"); // ~1.5 MB
    const index = indexFile(file);
    expect(flags).toEqual(HELD);
    expect(index.problems).toEqual([]);
  });

  it("is let go when the decoding throws", () => {
    const file = join(dir, "not-a-session.jsonl");
    write(file, 2_500, dir, "never");
    const lines = readFileSync(file, "utf8").split("\n");
    lines[0] = '{"type":"not-a-session"}';
    writeFileSync(file, lines.join("\n"));
    expect(() => indexFile(file)).toThrow(NotASessionError);
    expect(flags).toEqual(HELD);
  });

  it("is not held for a short file, nor one whose first read holds a compaction", () => {
    const short = join(dir, "short.jsonl");
    write(short, 200, dir, "never");
    indexFile(short);
    const compacted = join(dir, "compacted.jsonl");
    write(compacted, 5_000, dir); // a compaction every 1,000 entries
    indexFile(compacted);
    expect(flags).toEqual([]);
  });
});
