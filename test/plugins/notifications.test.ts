// Terminal notifications observed as escape sequences in a virtual terminal (@xterm/headless):
// OSC 9 and OSC 777 reach the terminal's OSC handlers with the text, the bell rings, tmux is
// silent unless passthrough is asked for, focus reports decide, and no body (whatever it holds)
// escapes its sequence.
import { Terminal } from "@xterm/headless";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Attention } from "../../plugins/notifications/attention.js";
import { focusChange, pickMethod, sequence, tmuxPassthrough } from "../../plugins/notifications/sequences.js";

/** A virtual terminal recording the notifications it receives. */
function vt() {
  const term = new Terminal({ cols: 80, rows: 5, allowProposedApi: true });
  const seen: string[] = [];
  term.parser.registerOscHandler(9, (data) => (seen.push(`9:${data}`), true));
  term.parser.registerOscHandler(777, (data) => (seen.push(`777:${data}`), true));
  term.onBell(() => seen.push("bell"));
  const write = (data: string) => new Promise<void>((r) => term.write(data, r));
  return { term, seen, write };
}

describe("terminal notifications", () => {
  it("picks the sequence by TERM_PROGRAM and the terminal receives it", async () => {
    expect(pickMethod({ TERM_PROGRAM: "iTerm.app" })).toBe("osc9");
    expect(pickMethod({ TERM_PROGRAM: "WezTerm" })).toBe("osc9");
    expect(pickMethod({ VTE_VERSION: "7600" })).toBe("osc777");
    expect(pickMethod({ TERM_PROGRAM: "Apple_Terminal" })).toBe("bell");
    const v = vt();
    await v.write(sequence("osc9", "pi", "waiting for you"));
    await v.write(sequence("osc777", "pi; x", "job-1 ended"));
    await v.write(sequence("bell", "pi", "x"));
    expect(v.seen).toEqual(["9:pi: waiting for you", "777:notify;pi, x;job-1 ended", "bell"]);
    expect(v.term.buffer.active.cursorX).toBe(0); // nothing was drawn
  });

  it("notifies when unfocused, or after the delay when focus is unknown; tmux only with passthrough", async () => {
    let now = 0;
    const v = vt();
    const written: string[] = [];
    const settings = { delaySeconds: 5 };
    const a = new Attention(
      (d) => (written.push(d), void v.write(d)),
      { TERM_PROGRAM: "iTerm.app" },
      () => settings,
      () => now,
    );
    a.runStarted();
    now = 1000;
    expect(a.runEnded("done")).toBe(""); // short run, focus unknown
    now = 7000;
    expect(a.runEnded("done")).toBe("\x1b]9;pi: done\x07");
    a.focused = focusChange("\x1b[I");
    expect(a.runEnded("done")).toBe("");
    expect(a.jobEnded("job-1 ended")).toBe("");
    a.focused = focusChange("abc\x1b[I\x1b[O");
    a.runStarted();
    expect(a.runEnded("quick")).toBe("\x1b]9;pi: quick\x07");
    await v.write("");
    expect(v.seen).toEqual(["9:pi: done", "9:pi: quick"]);
    const tmux = new Attention(
      (d) => written.push(d),
      { TERM_PROGRAM: "tmux", TMUX: "/tmp/s,1,0" },
      () => ({ method: "osc9" }),
    );
    tmux.focused = false;
    expect(tmux.runEnded("x")).toBe("");
    const through = new Attention(
      (d) => written.push(d),
      { TMUX: "/tmp/s,1,0" },
      () => ({ method: "osc9", tmuxPassthrough: true }),
    );
    through.focused = false;
    expect(through.runEnded("x")).toBe(tmuxPassthrough("\x1b]9;pi: x\x07"));
    expect(tmuxPassthrough("\x1b]9;a\x07")).toBe("\x1bPtmux;\x1b\x1b]9;a\x07\x1b\\");
  });

  it("no body escapes its sequence", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("osc9", "osc777") as fc.Arbitrary<"osc9" | "osc777">,
        fc.string({ unit: "binary", maxLength: 80 }),
        async (method, body) => {
          const v = vt();
          await v.write(sequence(method, "pi", body));
          expect(v.seen).toHaveLength(1);
          expect(v.seen[0]).not.toMatch(/[\x00-\x1f]/);
          expect(v.term.buffer.active.cursorX).toBe(0);
          v.term.dispose();
        },
      ),
      { numRuns: 100 },
    );
  });
});
