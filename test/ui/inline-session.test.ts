// A scripted session in the inline UI against the LLM simulator: streaming, tool rows (collapsed,
// Ctrl+O), steering while a tool runs, follow-up + abort restoring the queue, model switching.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import commandsCore from "../../plugins/commands-core/index.js";
import prompts from "../../plugins/prompts/index.js";
import userBash from "../../plugins/user-bash/index.js";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ANSWER, scenarioTurns } from "../support/scenario.mjs";
import { KEYS, startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The text rows between the editor's two rules. */
async function editorText(ui: UiHarness): Promise<string> {
  const rows = await ui.screen();
  const rules = rows.map((r, i) => (/^─{20,}/.test(r) ? i : -1)).filter((i) => i >= 0);
  const [top, bottom] = rules.slice(-2);
  return rows
    .slice(top + 1, bottom)
    .map((r) => r.trimEnd())
    .join("\n")
    .trim();
}

describe("inline UI session", () => {
  it("streams an answer into the screen, differentially, without clearing scrollback", async () => {
    h = await startUi();
    const text = "First part of the answer. " + "Streaming words arrive one by one. ".repeat(6) + "THE END.";
    h.sim.script({ text, chunkSize: 6, delayMs: 15 });
    await h.send("say something long");
    await h.send(KEYS.enter);
    // Part of the answer is on screen before all of it is.
    await h.waitFor((s) => s.includes("First part") && !s.includes("THE END"));
    const done = await h.waitFor(/THE END\./);
    expect(done).toMatch(/say something long/);
    expect(done).toMatch(/↑\d+ ↓\d+/); // footer token counts
    const out = h.written();
    expect(out).not.toContain("\x1b[3J"); // scrollback is never cleared
    const frames = out.split("\x1b[?2026h").slice(1);
    expect(frames.length).toBeGreaterThan(5);
    for (const f of frames) expect(f).toContain("\x1b[?2026l");
  });

  it("shows tool rows collapsed with the edit diff and bash output; Ctrl+O expands them", async () => {
    h = await startUi();
    h.sim.script(...scenarioTurns());
    await h.send("make it say goodbye");
    await h.send(KEYS.enter);
    const screen = await h.waitFor(new RegExp(ANSWER.slice(0, 30)));
    expect(screen).toMatch(/read src\/app\.js/);
    expect(screen).toMatch(/edit src\/app\.js/);
    expect(screen).toMatch(/-const greeting = "hello";/);
    expect(screen).toMatch(/\+const greeting = "goodbye";/);
    expect(screen).toMatch(/bash \$ node src\/app\.js/);
    expect(screen).toMatch(/goodbye, world/);
    expect(readFileSync(join(h.project, "src", "app.js"), "utf8")).toContain("goodbye");

    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "seq 1 30" } }] }, { text: "Counted." });
    await h.send("count");
    await h.send(KEYS.enter);
    let s = await h.waitFor(/Counted\./);
    expect(s).toMatch(/25 more lines \(ctrl\+o to expand\)/);
    expect(s).not.toMatch(/^ 30\s*$/m);
    await h.send(KEYS.ctrlO);
    s = await h.waitFor(/^ 30\s*$/m);
    expect(s).not.toMatch(/more lines \(ctrl\+o/);
  });

  it("Enter while a tool runs steers; the message reaches the next request", async () => {
    h = await startUi();
    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 0.8; echo slept" } }] }, { text: "Steered answer." });
    await h.send("start");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.8/);
    await h.send("also check the tests");
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: also check the tests/);
    const s = await h.waitFor(/Steered answer\./);
    expect(s).not.toMatch(/Steering:/);
    const last = h.sim.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
    expect(JSON.stringify(last.filter((m) => m.role === "user"))).toContain("also check the tests");
  });

  it("a prompt template typed while the agent works is expanded and queued as steering", async () => {
    h = await startUi({
      plugins: [commandsCore, prompts],
      beforeStart: (agentDir) => {
        const dir = join(dirname(agentDir), "project", ".pi", "prompts");
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, "focus.md"), "Focus only on $1 please.");
      },
    });
    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 0.8; echo slept" } }] }, { text: "Focused answer." });
    await h.send("start");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.8/);
    await h.send("/focus tests");
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: Focus only on tests please\./);
    await h.waitFor(/Focused answer\./);
    const users = (h.sim.requests.at(-1)!.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === "user");
    expect(JSON.stringify(users)).toContain("Focus only on tests please.");
    expect(JSON.stringify(users)).not.toContain("/focus");
  });

  it("a message added outside a turn (a !cmd run) keeps the notices above it and is drawn once", async () => {
    h = await startUi({ plugins: [commandsCore, userBash] });
    await h.send("/nope");
    await h.send(KEYS.enter);
    await h.waitFor(/Unknown command \/nope/);
    await h.send("!echo from-the-shell");
    await h.send(KEYS.enter);
    const s = await h.waitFor((text) => /\$ echo from-the-shell/.test(text) && /^ *from-the-shell *$/m.test(text));
    expect(s).toMatch(/Unknown command \/nope/);
    expect(s.match(/\$ echo from-the-shell/g)).toHaveLength(1);
  });

  it("Alt+Enter queues a follow-up; Esc aborts and puts the queued text back in the editor", async () => {
    h = await startUi();
    h.sim.script({ text: "This will stall somewhere in the middle", chunkSize: 4, fault: { kind: "stall", afterChunks: 3 } });
    await h.send("go");
    await h.send(KEYS.enter);
    await h.waitFor(/Working…/);
    await h.send("then do this");
    await h.send(KEYS.altEnter);
    await h.waitFor(/Follow-up: then do this/);
    await h.send(KEYS.escape);
    const s = await h.waitFor(/Aborted/);
    expect(s).not.toMatch(/Follow-up:/);
    expect(await editorText(h)).toBe("then do this");
  });

  it("Alt+Up pulls queued messages back into the editor", async () => {
    h = await startUi();
    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 0.6" } }] }, { text: "Finished." });
    await h.send("start");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.6/);
    await h.send("queued one");
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: queued one/);
    await h.send(KEYS.altUp);
    await h.waitFor((s) => !s.includes("Steering:"));
    expect(await editorText(h)).toBe("queued one");
    await h.waitFor(/Finished\./);
  });

  it("Ctrl+L selects a model, Ctrl+P cycles, Shift+Tab cycles thinking; the footer follows", async () => {
    h = await startUi({ extraModels: true });
    await h.waitFor(/\(sim\) sim-model/);
    await h.send(KEYS.ctrlL);
    await h.waitFor(/Select model/);
    await h.send("other");
    await h.waitFor((s) => s.includes("› sim/sim-other") && !s.includes("sim/sim-model "));
    await h.send(KEYS.enter);
    // As pi 0.86: the level carried over from the model without reasoning ("off") is kept.
    await h.waitFor(/\(sim\) sim-other • off/);
    await h.send(KEYS.shiftTab);
    await h.waitFor(/\(sim\) sim-other • minimal/);
    await h.send(KEYS.ctrlP);
    await h.waitFor(/\(sim\) sim-model\s*$/m);
    // The next request goes to the chosen model.
    await h.send(KEYS.ctrlP);
    await h.waitFor(/sim-other/);
    h.sim.script({ text: "from other" });
    await h.send("hi");
    await h.send(KEYS.enter);
    await h.waitFor(/from other/);
    expect(h.sim.requests.at(-1)!.body.model).toBe("sim-other");
  });

  it("keeps running across a plugin reload: new generation, same screen, ui service re-provided", async () => {
    h = await startUi();
    h.sim.script({ text: "Before reload." }, { text: "After reload." });
    await h.send("one");
    await h.send(KEYS.enter);
    await h.waitFor(/Before reload\./);
    await h.send("draft kept");
    writeFileSync(join(h.agentDir, "keybindings.json"), JSON.stringify({ "app.model.select": "ctrl+x" }));
    const gen = h.kernel.host.current;
    await h.kernel.actions.reload();
    expect(h.kernel.host.current).not.toBe(gen);
    expect(h.kernel.host.current.services.has("ui")).toBe(true);
    await h.send(KEYS.ctrlC);
    await h.send("two");
    await h.send(KEYS.enter);
    const s = await h.waitFor(/After reload\./);
    expect(s).toMatch(/Before reload\./);
    // keybindings.json is read again on reload.
    await h.send("\x18");
    await h.waitFor(/Select model/);
  });

  it("draws the conversation anew when it is replaced (/resume, /tree, compaction)", async () => {
    h = await startUi();
    h.sim.script({ text: "Old answer." });
    await h.send("old question");
    await h.send(KEYS.enter);
    await h.waitFor(/Old answer\./);
    const usage = {
      input: 1,
      output: 1,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 2,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    };
    h.kernel.actions.setMessages([
      { role: "user", content: "restored question", timestamp: 1 },
      {
        role: "assistant",
        content: [{ type: "text", text: "Restored **answer**." }],
        api: "x",
        provider: "sim",
        model: "sim-model",
        usage,
        stopReason: "stop",
        timestamp: 2,
      },
    ]);
    const ui = h.kernel.host.current.services.get("ui")!.impl as { notify(m: string): void };
    ui.notify("Switched session");
    const s = await h.waitFor(/Restored answer\.[\s\S]*Switched session/);
    expect(s).toMatch(/restored question/);
    expect(s).not.toMatch(/Old answer/);
  });

  it("Ctrl+T hides and shows thinking blocks", async () => {
    h = await startUi();
    h.sim.script({ thinking: "Pondering the secret plan", text: "Decided." });
    await h.send("think");
    await h.send(KEYS.enter);
    await h.waitFor(/Pondering the secret plan[\s\S]*Decided\./);
    await h.send(KEYS.ctrlT);
    const s = await h.waitFor(/Thinking… \(ctrl\+t to show\)/);
    expect(s).not.toMatch(/Pondering/);
    await h.send(KEYS.ctrlT);
    await h.waitFor(/Pondering the secret plan/);
  });
});
