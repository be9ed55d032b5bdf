// keepFreedMemory (lib/heap-kit/freed-memory.ts) raises glibc's dynamic malloc thresholds by asking
// once for a big uninitialised block that is never written: only a long session file decoded whole
// asks for it (a short file, or one whose first read holds a compaction, keeps the allocator's
// defaults and so its resident memory), and never twice in a process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freedMemoryKept, keepFreedMemory } from "../../lib/heap-kit/index.js";
import { indexFile } from "../../plugins/session-jsonl/format/read.js";
// @ts-expect-error plain ESM bench module without types
import { writeSession } from "../../bench/sessions.bench.mjs";

const write = writeSession as (f: string, n: number, cwd: string, shape?: string) => void;
const dir = mkdtempSync(join(tmpdir(), "pik-freed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("keeping freed memory", () => {
  // The state is the process's (once per process): another test file in this worker may have asked already.
  it("is asked for by a long never-compacted session file only, once, with one untouched block", () => {
    const alloc = vi.spyOn(Buffer, "allocUnsafeSlow");
    const asked = () => alloc.mock.calls.filter(([size]) => size === 16 * 1024 * 1024).length;
    try {
      const short = join(dir, "short.jsonl");
      write(short, 200, dir, "never");
      expect(indexFile(short).problems).toEqual([]);
      const compacted = join(dir, "compacted.jsonl");
      write(compacted, 5_000, dir); // a compaction every 1,000 entries
      expect(indexFile(compacted).problems).toEqual([]);
      expect(asked()).toBe(0);

      const wasKept = freedMemoryKept();
      const long = join(dir, "never.jsonl");
      write(long, 2_500, dir, "never"); // ~1.5 MB
      expect(indexFile(long).problems).toEqual([]);
      expect(freedMemoryKept()).toBe(true);
      expect(asked()).toBe(wasKept ? 0 : 1);

      keepFreedMemory();
      indexFile(long);
      expect(asked()).toBe(wasKept ? 0 : 1);
    } finally {
      alloc.mockRestore();
    }
  });
});
