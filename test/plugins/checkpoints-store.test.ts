// The checkpoint store reads its index (a line per turn of every session of the workspace) only
// when a record is asked for: a print run adds one and reads none. Whatever the file held, however
// adds and reads interleave (a read while an append is still on its way too), a read gives the
// newest record of a message: the file's lines in order, then this process's adds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CheckpointRecord, CheckpointStore } from "../../plugins/checkpoints/store.js";

const record = fc.record({
  messageTimestamp: fc.integer({ min: 0, max: 6 }),
  commit: fc.string({ maxLength: 8 }),
  sessionId: fc.string({ maxLength: 4 }),
});
/** A line of the file as found: a record, or what a crash or a person left (junk, a torn line). */
const line = fc.oneof(
  record.map((r) => JSON.stringify(r)),
  fc.string({ maxLength: 12 }),
  record.map((r) => JSON.stringify(r).slice(0, -3)),
);
const step = fc.oneof(
  record.map((r) => ({ add: r, wait: true })),
  record.map((r) => ({ add: r, wait: false })),
  fc.integer({ min: 0, max: 6 }).map((get) => ({ get })),
);

describe("checkpoint store", () => {
  it("gives the newest record of a message, whenever the file is first read", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 6 }), fc.array(step, { maxLength: 10 }), async (lines, steps) => {
        const dir = mkdtempSync(join(tmpdir(), "pik-ckpt-store-"));
        try {
          if (lines.length > 0) writeFileSync(join(dir, "index.jsonl"), `${lines.join("\n")}\n`);
          const expected = new Map<number, CheckpointRecord>();
          for (const l of lines) {
            try {
              const r = JSON.parse(l) as CheckpointRecord;
              if (typeof r?.messageTimestamp === "number" && typeof r.commit === "string") expected.set(r.messageTimestamp, r);
            } catch {}
          }
          const store = new CheckpointStore(dir);
          const appends: Promise<void>[] = [];
          for (const s of steps) {
            if ("add" in s) {
              expected.set(s.add.messageTimestamp, s.add);
              const appended = store.add(s.add);
              if (s.wait) await appended;
              else appends.push(appended);
            } else expect(store.get(s.get)).toEqual(expected.get(s.get));
          }
          await Promise.all(appends);
          for (let t = 0; t <= 6; t++) expect(store.get(t)).toEqual(expected.get(t));
          // A later process reads the same from the file alone.
          const later = new CheckpointStore(dir);
          for (let t = 0; t <= 6; t++) expect(later.get(t)).toEqual(expected.get(t));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });
});
