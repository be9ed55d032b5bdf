// The full-screen frame (neo-blessed) driven in a virtual terminal: alternate screen, transcript
// pane scrolling and search, dialogs as overlays, and /ui swapping frames mid-session without
// losing the conversation, the editor text or the queue.
import { definePlugin } from "pi-kernel";
import { afterEach, describe, expect, it } from "vitest";
import { Stages } from "../../contracts/stages.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const longAnswer = Array.from({ length: 60 }, (_, i) => (i === 10 ? "the hidden needle line" : `answer line ${i}`)).join("\n\n");

describe("the first frame", () => {
  // What the WARM stage does (indexes, watchers) comes after the first frame: blessed used to hold
  // the full-screen frame's output for a setImmediate, so it reached the terminal after all of it.
  it.each(["inline", "fullscreen"])("%s: is on the terminal before the WARM stage's boot taps run", async (ui) => {
    let atWarm: string | undefined;
    const probe = (written: () => string) =>
      definePlugin({ name: "warm-probe", setup: (api) => api.on("boot", () => void (atWarm ??= written()), { stage: Stages.WARM }) });
    h = await startUi({ flags: { ui }, plugins: (written) => [probe(written)] });
    expect(atWarm).toMatch(/─/);
  });
});

describe("full-screen UI", () => {
  it("runs on the alternate screen with the footer at the bottom", async () => {
    h = await startUi({ flags: { ui: "fullscreen" } });
    expect(h.term.buffer.active.type).toBe("alternate");
    h.sim.script({ text: "Full-screen hello." });
    await h.send("hi");
    await h.send(KEYS.enter);
    await h.waitFor(/Full-screen hello\./);
    const rows = await h.screen();
    expect(rows.at(-1)).toMatch(/\(sim\) sim-model/);
  });

  it("scrolls the transcript pane (page keys, wheel) and searches it", async () => {
    h = await startUi({ flags: { ui: "fullscreen" } });
    h.sim.script({ text: longAnswer });
    await h.send("long");
    await h.send(KEYS.enter);
    await h.waitFor(/answer line 59/);
    await h.send("\x1b[5~"); // PageUp
    let s = await h.waitFor(/more lines below/);
    expect(s).not.toMatch(/answer line 59/);
    await h.send("\x1b[<65;10;5M"); // wheel down
    await h.send("\x1b[6~\x1b[6~\x1b[6~\x1b[6~"); // PageDown to the end
    s = await h.waitFor(/answer line 59/);
    expect(s).not.toMatch(/more lines below/);
    await h.send("\x12"); // Ctrl+R
    await h.send("needle");
    await h.send(KEYS.enter);
    s = await h.waitFor(/the hidden needle line/);
    expect(s).toMatch(/search: needle.*1 match/);
    await h.send(KEYS.escape);
    await h.waitFor((x) => !x.includes("search: needle"));
  });

  it("draws selectors as an overlay over the transcript, the editor still below", async () => {
    h = await startUi({ flags: { ui: "fullscreen" }, extraModels: true });
    await h.send("draft text");
    await h.send(KEYS.ctrlL);
    const s = await h.waitFor(/Select model/);
    expect(s).toMatch(/│.*sim\/sim-other/);
    expect(s).toMatch(/^draft text/m);
    await h.send(KEYS.escape);
    await h.waitFor((x) => !x.includes("Select model"));
  });

  it("/ui swaps frames mid-session, keeping the conversation, the editor text and the queue", async () => {
    h = await startUi();
    expect(h.term.buffer.active.type).toBe("normal");
    h.sim.script(
      { text: "First answer." },
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 0.8" } }] },
      { text: "Steered in full screen." },
    );
    await h.send("one");
    await h.send(KEYS.enter);
    await h.waitFor(/First answer\./);
    await h.send("two");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.8/);
    await h.send("queued steer");
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: queued steer/);
    await h.send("my draft");
    // An extension (or commands-core) runs /ui while the user has a draft in the editor.
    await h.kernel.actions.prompt("/ui fullscreen", { source: "extension" });
    const s = await h.waitFor((x) => h!.term.buffer.active.type === "alternate" && /First answer\./.test(x));
    expect(s).toMatch(/Steering: queued steer/);
    expect(s).toMatch(/^my draft/m);
    await h.waitFor(/Steered in full screen\./);
    await h.kernel.actions.prompt("/ui", { source: "extension" });
    await h.waitFor((x) => h!.term.buffer.active.type === "normal" && /Steered in full screen\./.test(x) && /^my draft/m.test(x));
  });
});
