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

describe("checkpoint store, lazy snapshots", () => {
  it("resolves a skipped turn to the first snapshot at or after it; a failure of its own session stops it, another's does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-ckpt-store-"));
    try {
      // Old lines (a snapshot per message, no takenAt) and new ones, out of time order, with junk.
      const lines = [
        { messageTimestamp: 10, commit: "old10", sessionId: "A" },
        { messageTimestamp: 20, sessionId: "A", skipped: true },
        { messageTimestamp: 40, commit: "lazy40", sessionId: "A", takenAt: 45 },
        { commit: "anchor30", sessionId: "B", takenAt: 30 },
        { sessionId: "B", takenAt: 25, failed: true },
        { messageTimestamp: 50, sessionId: "A", takenAt: 50, failed: true },
        { messageTimestamp: 60, commit: "x" },
        "not json",
      ];
      writeFileSync(join(dir, "index.jsonl"), `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
      const store = new CheckpointStore(dir);
      expect(store.get(20)).toEqual({ messageTimestamp: 20, sessionId: "A", skipped: true });
      expect(store.get(10)).toMatchObject({ commit: "old10" });
      expect(store.next(11, "A")).toMatchObject({ commit: "anchor30" }); // B's failure at 25 is not A's
      expect(store.next(11, "B")).toMatchObject({ failed: true, takenAt: 25 });
      expect(store.next(31, "A")).toMatchObject({ commit: "lazy40" });
      expect(store.next(46, "A")).toMatchObject({ failed: true, takenAt: 50 });
      expect(store.next(51, "A")).toMatchObject({ commit: "x" });
      expect(store.next(61, "A")).toBeUndefined();
      // Added later by this process: in the timeline at once.
      await store.add({ commit: "late", sessionId: "C", takenAt: 70 });
      expect(store.next(61, "A")).toMatchObject({ commit: "late" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
