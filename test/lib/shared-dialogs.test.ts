// lib/mode-kit's shareDialogs: a dialog asked on several surfaces settles on the first answer
// (whatever it is, a cancel too), every other surface is cancelled through its signal, the
// caller's signal cancels them all, a failing surface is left out, and the primary's other
// methods stay its own; a timeout ends the dialog on every surface (the real RPC one tells its
// clients). (The real terminal and rpc hub together: test/ui-web/ui-web-command.test.ts.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DialogSurface, UiService } from "../../contracts/ui.js";
import { shareDialogs } from "../../lib/mode-kit/index.js";
import { rpcUi } from "../../plugins/mode-rpc/ui.js";

/** A surface whose dialogs wait until the test answers them; it records the signal each one got. */
function surface() {
  const asked: { signal: AbortSignal; answer(v: string | undefined): void; fail(e: Error): void }[] = [];
  const open = (opts?: { signal?: AbortSignal }) =>
    new Promise<string | undefined>((resolve, reject) => {
      const signal = opts?.signal ?? new AbortController().signal;
      signal.addEventListener("abort", () => resolve(undefined), { once: true });
      asked.push({ signal, answer: resolve, fail: reject });
    });
  const s: DialogSurface = {
    select: (_t, _o, opts) => open(opts),
    confirm: async (_t, _m, opts) => (await open(opts)) === "yes",
    input: (_t, _p, opts) => open(opts),
    editor: (_t, _p, opts) => open(opts),
  };
  return { s, asked };
}

const primaryOf = (s: DialogSurface) => ({ ...s, notify: () => "primary" }) as unknown as UiService;

describe("shareDialogs", () => {
  it("the first surface to answer wins and the others are cancelled", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.option(fc.string(), { nil: undefined }),
        fc.constantFrom("select", "input", "editor"),
        async (others, winnerSeed, value, method) => {
          const all = Array.from({ length: others + 1 }, surface);
          const ui = shareDialogs(primaryOf(all[0].s), () => all.slice(1).map((x) => x.s));
          const pending: Promise<string | undefined> =
            method === "select" ? ui.select("t", ["a"]) : method === "input" ? ui.input("t") : ui.editor("t", "prefill");
          const winner = winnerSeed % all.length;
          all[winner].asked[0].answer(value);
          expect(await pending).toBe(value);
          await Promise.resolve();
          // The losers close theirs (the winner's signal fires too, after it answered: a no-op there).
          for (const x of all) expect(x.asked[0].signal.aborted).toBe(true);
        },
      ),
    );
  });

  it("the caller's signal cancels every surface; a failing surface is left out; the rest is the primary's", async () => {
    const [a, b] = [surface(), surface()];
    const ui = shareDialogs(primaryOf(a.s), () => [b.s]);
    expect(ui.notify("x")).toBe("primary");
    const caller = new AbortController();
    const cancelled = ui.confirm("t", "m", { signal: caller.signal });
    caller.abort();
    expect(await cancelled).toBe(false);
    expect([a.asked[0].signal.aborted, b.asked[0].signal.aborted]).toEqual([true, true]);

    const answered = ui.input("t");
    b.asked[1].fail(new Error("client gone"));
    a.asked[1].answer("typed");
    expect(await answered).toBe("typed");
    const failed = ui.input("t");
    a.asked[2].fail(new Error("first"));
    b.asked[2].fail(new Error("second"));
    await expect(failed).rejects.toThrow("first");
  });

  it("a timeout answers undefined on every surface; the RPC clients are told the dialog closed", async () => {
    const a = surface();
    const sent: Record<string, unknown>[] = [];
    const rpc = rpcUi({ broadcast: (record) => sent.push(record) });
    const ui = shareDialogs(primaryOf(a.s), () => [rpc]);
    expect(await ui.select("t", ["a", "b"], { timeout: 1 })).toBeUndefined();
    const request = sent.find((r) => r.type === "extension_ui_request");
    expect(request).toMatchObject({ method: "select", timeout: 1 });
    expect(sent).toContainEqual({ type: "extension_ui_closed", id: request?.id });
    expect(a.asked[0].signal.aborted).toBe(true);
    expect(rpc.open()).toEqual([]);
  });
});
