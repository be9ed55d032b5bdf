// withTimeout's deadlines share one timer (kernel/errors.ts): whatever order deadlines of different
// lengths are added and settled in, each promise gets its own outcome, a never-settling one is
// rejected with its own message, and the shared timer holds the process open only while a
// keepAlive deadline is pending. Short deadlines (a few ms): no assertion on time itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withTimeout } from "../../kernel/errors.js";

const never = () => new Promise<never>(() => {});
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));
/** Timers holding the event loop open (Node counts only ref'd ones). */
const heldTimers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("withTimeout", () => {
  it("gives each promise its own outcome, whatever the order and lengths of the deadlines", async () => {
    const job = fc.record({ ms: fc.integer({ min: 1, max: 12 }), settles: fc.boolean(), fails: fc.boolean(), keepAlive: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(job, { minLength: 1, maxLength: 8 }), async (jobs) => {
        const outcomes = await Promise.allSettled(
          jobs.map((j, i) => {
            const inner = !j.settles ? never() : j.fails ? Promise.reject(new Error(`own ${i}`)) : Promise.resolve(i);
            return withTimeout(inner, j.settles ? 10_000 : j.ms, `job ${i}`, j.keepAlive);
          }),
        );
        jobs.forEach((j, i) => {
          const o = outcomes[i]!;
          if (j.settles && !j.fails) expect(o).toEqual({ status: "fulfilled", value: i });
          else expect(o.status === "rejected" && (o.reason as Error).message).toBe(j.settles ? `own ${i}` : `job ${i} after ${j.ms} ms`);
        });
      }),
      { numRuns: 40 },
    );
  });

  it("times out a short deadline added after a long one is pending", async () => {
    const long = withTimeout(later("long", 30), 60_000);
    await expect(withTimeout(never(), 2, "short")).rejects.toThrow("short after 2 ms");
    await expect(long).resolves.toBe("long");
  });

  it("holds the process open only while a keepAlive deadline is pending", async () => {
    await withTimeout(Promise.resolve(), 60_000); // the shared timer exists (unref'd)
    const before = heldTimers();
    let settle!: () => void;
    const load = withTimeout(new Promise<void>((r) => (settle = r)), 60_000, "load", true);
    expect(heldTimers()).toBe(before + 1);
    settle();
    await load;
    expect(heldTimers()).toBe(before);
    await expect(withTimeout(Promise.resolve(7), 0)).resolves.toBe(7); // 0: no limit, no timer
  });
});
