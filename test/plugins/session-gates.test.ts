// The sessions service's gates (plugins/session-jsonl/gates.ts): asked in order, answers merged field by
// field, the first cancel ends the round, a throwing gate is reported and skipped, removers work.
import { describe, expect, it } from "vitest";
import { SessionGates } from "../../plugins/session-jsonl/gates.js";
import type { SessionGateEvent } from "../../contracts/sessions.js";

const NEW: SessionGateEvent = { type: "session_before_switch", reason: "new" };

describe("session gates", () => {
  it("merges answers in order; a cancel stops the round and says who", async () => {
    const reports: string[] = [];
    const gates = new SessionGates((m) => reports.push(m));
    const asked: string[] = [];
    gates.add(() => {
      asked.push("a");
      return { label: "first", customInstructions: "x" };
    });
    gates.add(async () => {
      asked.push("b");
      return { label: "second" };
    });
    expect(await gates.run(NEW)).toEqual({ label: "second", customInstructions: "x" });
    const remove = gates.add(() => {
      asked.push("c");
      return { cancel: true, by: "c" };
    });
    gates.add(() => {
      asked.push("d");
      return undefined;
    });
    expect(await gates.run(NEW)).toMatchObject({ cancel: true, by: "c" });
    expect(asked).toEqual(["a", "b", "a", "b", "c"]);
    remove();
    expect((await gates.run(NEW)).cancel).toBeUndefined();
    expect(reports).toEqual([]);
  });

  it("reports a throwing gate and carries on without its answer", async () => {
    const reports: string[] = [];
    const gates = new SessionGates((m) => reports.push(m));
    gates.add(() => {
      throw new Error("boom");
    });
    gates.add(() => ({ label: "kept" }));
    expect(await gates.run(NEW)).toEqual({ label: "kept" });
    expect(reports).toEqual(["a session_before_switch gate failed: boom"]);
  });
});
