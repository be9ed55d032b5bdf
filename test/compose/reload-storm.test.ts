// The reload-storm guard (compose/reload-storm.ts) with a clock of its own: a file written on
// every reload is paused once and resumes when quiet; a person saving, at any pace an editor's
// auto-save reaches, is never held back.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ReloadStormGuard, STORM_LIMITS } from "../../compose/reload-storm.js";

function guard() {
  let now = 0;
  const warnings: string[] = [];
  const g = new ReloadStormGuard(
    (m) => warnings.push(m),
    STORM_LIMITS,
    () => now,
  );
  return { g, warnings, at: (t: number) => (now = t) };
}

describe("the reload-storm guard", () => {
  it("pauses a file changed on every reload (8 times a second), warns once, and resumes after it is quiet", () => {
    const { g, warnings, at } = guard();
    const passed: number[] = [];
    for (let i = 0; i < 80; i++) {
      at(i * 125);
      if (g.pass(["/ext/gen.ts"]).length > 0) passed.push(i);
    }
    expect(passed).toHaveLength(STORM_LIMITS.changes);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("/ext/gen.ts changed 21 times");
    // Another file is not held back by it.
    expect(g.pass(["/ext/other.ts"])).toEqual(["/ext/other.ts"]);
    at(79 * 125 + STORM_LIMITS.quietMs);
    expect(g.pass(["/ext/gen.ts"])).toEqual(["/ext/gen.ts"]);
  });

  it("never holds back a person's saves, at any pace up to one every half second", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: STORM_LIMITS.windowMs / STORM_LIMITS.changes, max: 60_000 }), { maxLength: 200 }), (gaps) => {
        const { g, warnings, at } = guard();
        let t = 0;
        for (const gap of gaps) {
          at((t += gap));
          if (g.pass(["/ext/a.ts"]).length === 0) return false;
        }
        return warnings.length === 0;
      }),
    );
  });
});
