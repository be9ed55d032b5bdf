// The full-screen frame's Tput and Program give each terminal capability its function on first
// read (plugins/ui-fullscreen/blessed-lite.ts `capabilitiesOnFirstRead`) instead of all ~1,500 up
// front: every name must read, test (`in`) and write exactly as with neo-blessed's own eager
// inject and setupTput, on the Tput, on the Program (where its own methods win) and through `put`.
import { createRequire } from "node:module";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { blessedWidgets } from "../../plugins/ui-fullscreen/blessed-lite.js";

type Fn = ((...args: unknown[]) => unknown) & { eager?: Fn };
type Members = Record<string, unknown>;
interface ProgramLike extends Members {
  tput: Members;
  put: Members;
  ret: boolean;
  destroy(): void;
}
const load = createRequire(join(import.meta.dirname, "..", "..", "package.json"));
const Tput = load("neo-blessed/lib/tput.js") as { prototype: { inject: Fn } };
const Program = load("neo-blessed/lib/program.js") as (new (
  options: object,
) => ProgramLike) & {
  prototype: { setupTput: Fn };
};
blessedWidgets(); // patches the shared neo-blessed classes, as the frame does

const made: ProgramLike[] = [];
/** A Program on silent streams whose writes return their text (`ret`), set up lazily or by neo-blessed's own methods. */
function program(eager: boolean): ProgramLike {
  const [inject, setupTput] = [Tput.prototype.inject, Program.prototype.setupTput];
  if (eager) [Tput.prototype.inject, Program.prototype.setupTput] = [inject.eager as Fn, setupTput.eager as Fn];
  try {
    const output = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { columns: 80, rows: 24, isTTY: true });
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const p = new Program({ input, output, terminal: "xterm-256color", forceUnicode: true, tput: true });
    p.ret = true;
    made.push(p);
    return p;
  } finally {
    [Tput.prototype.inject, Program.prototype.setupTput] = [inject, setupTput];
  }
}
afterAll(() => {
  for (const p of made) p.destroy();
});

const lazy = program(false);
const eager = program(true);
const names = [...new Set([...Object.keys(eager.tput), ...Object.keys(eager), ...Object.keys(eager.put)])];

describe("the full-screen frame's capabilities made on first read", () => {
  it("are patched in (the lazy Program's Tput holds fewer own members than neo-blessed's)", () => {
    expect(inject(Tput)).toBeDefined();
    expect(Object.keys(lazy.tput).length).toBeLessThan(Object.keys(eager.tput).length / 2);
    expect(names.length).toBeGreaterThan(1000);
  });

  it("read, test and write every name as neo-blessed's eager ones do, on the Tput, the Program and put", () => {
    const param = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.string({ maxLength: 4 }));
    for (const name of names) {
      for (const [l, e] of [
        [lazy.tput, eager.tput],
        [lazy, eager],
        [lazy.put, eager.put],
      ] as [Members, Members][]) {
        expect(name in l, name).toBe(name in e);
        expect(typeof l[name], name).toBe(typeof e[name]);
        // Plain values are equal (objects and the Program's own number among its instances aside).
        if (typeof e[name] !== "function" && typeof e[name] !== "object" && name !== "index") expect(l[name], name).toEqual(e[name]);
      }
      // The Program has the Tput's function where it has no method of its own, as before.
      expect(lazy[name] === lazy.tput[name], name).toBe(eager[name] === eager.tput[name]);
      if (typeof eager.put[name] !== "function" || typeof eager.tput[name] !== "function") continue;
      fc.assert(
        fc.property(fc.array(param, { maxLength: 6 }), (params) => {
          expect(outcome(lazy.tput[name], params), name).toEqual(outcome(eager.tput[name], params));
          expect(outcome(lazy.put[name], params), name).toEqual(outcome(eager.put[name], params));
        }),
        { numRuns: 3 },
      );
    }
  });

  it("lists a capability among the Tput's keys once it has been read, and keeps what is written over one", () => {
    const p = program(false);
    expect(Object.keys(p.tput)).not.toContain("smcup");
    const smcup = p.tput.smcup;
    expect(Object.keys(p.tput)).toContain("smcup");
    expect(p.tput.smcup).toBe(smcup);
    p.tput.rmcup = "mine";
    expect(p.tput.rmcup).toBe("mine");
    p.put.bel = null;
    expect(p.put.bel).toBe(null);
  });

  it("are patched once: another copy of the module over the same neo-blessed adds no second layer", async () => {
    const patched = [Tput.prototype.inject, Program.prototype.setupTput];
    vi.resetModules();
    const again: typeof import("../../plugins/ui-fullscreen/blessed-lite.js") = await import("../../plugins/ui-fullscreen/blessed-lite.js");
    expect(again.blessedWidgets).not.toBe(blessedWidgets);
    again.blessedWidgets();
    expect([Tput.prototype.inject, Program.prototype.setupTput]).toEqual(patched);
    // neo-blessed's own methods are still what the patch keeps as the eager ones.
    expect(Object.hasOwn(inject(Tput) as object, "eager")).toBe(false);
    expect(Object.keys(program(false).tput).length).toBeLessThan(Object.keys(program(true).tput).length / 2);
  });
});

/** What a call gives: its value, or the error it throws (some of neo-blessed's capabilities throw for some parameters). */
function outcome(fn: unknown, params: unknown[]): { value?: unknown; error?: string } {
  try {
    return { value: (fn as Fn)(...params) };
  } catch (error) {
    return { error: String(error) };
  }
}

function inject(t: typeof Tput): Fn | undefined {
  return t.prototype.inject.eager;
}
