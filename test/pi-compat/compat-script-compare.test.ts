// The compatibility script's verdicts (scripts/compat-packages/compare.mjs), on runs shaped as the
// script records them: a pi-kernel extension whose setup throws is a load failure with its reason,
// and a theme pack's themes count only when pi-kernel lists and selects the same ones as pi.
import { describe, expect, it } from "vitest";

type Side = Record<string, unknown>;
interface Compare {
  loadFailed(run: { probe: unknown; stderr: string }): boolean;
  firstProblem(run: { probe: unknown; stderr: string }, norm: (s: string) => string): string | undefined;
  compareRuns(ref: Side, kernel: Side): { equal: Record<string, boolean>; first?: string };
}

// A plain .mjs script, loaded as the script runs it (no declarations to type-check against).
const load = async () => (await import(new URL("../../scripts/compat-packages/compare.mjs", import.meta.url).href)) as Compare;

const SETUP_FAILED =
  "pi: error: context-mode:build/adapters/pi/extension.js: setup failed in /x/build/adapters/pi/extension.js: Could not locate the bindings file.";

function side(over: Side = {}): Side {
  return { loads: true, tools: [], commands: [], flags: [], shortcuts: [], answer: null, ...over };
}

describe("compat:packages compare", () => {
  it("counts pi-kernel's 'setup failed' line as a load failure, and the row names it", async () => {
    const c = await load();
    const run = { probe: { tools: [] }, stderr: `${SETUP_FAILED}\n    at foo (x.js:1:1)\n` };
    expect(c.loadFailed(run)).toBe(true);
    expect(c.loadFailed({ probe: {}, stderr: "[context-mode] warning: cache is cold\n" })).toBe(false);
    const problem = c.firstProblem(run, (s) => s);
    const row = c.compareRuns(side(), side({ loads: false, problem }));
    expect(row.first).toMatch(/^pi-kernel: .*setup failed in .*Could not locate the bindings file/);
  });

  it("compares a theme pack's themes as each interactive UI lists and selects them", async () => {
    const c = await load();
    const tui = (themes: string[], selectable: Record<string, unknown>) => ({ loads: true, tools: [], commands: [], themes, selectable });
    const pi = side({ tui: tui(["dusk", "neon"], { dusk: true, neon: true }) });
    expect(c.compareRuns(pi, side({ tui: tui(["dusk", "neon"], { dusk: true, neon: true }) })).equal.themes).toBe(true);
    const missing = c.compareRuns(pi, side({ tui: tui(["dusk"], { dusk: true }) }));
    expect(missing.equal.themes).toBe(false);
    expect(missing.first).toBe("themes: pi only: neon");
    const refused = c.compareRuns(pi, side({ tui: tui(["dusk", "neon"], { dusk: true, neon: "Unknown theme" }) }));
    expect(refused.first).toBe("theme neon not selectable in pi-kernel: Unknown theme");
  });
});
