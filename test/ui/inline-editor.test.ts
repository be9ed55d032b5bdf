// The inline UI's editor and commands: multi-line input, history, completion of /commands and
// .gitignore-aware @files, `!cmd` / `!!cmd`, /hotkeys, Ctrl+C, the ui service, theme recolouring.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import userBash from "../../plugins/user-bash/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";
import type { UiService } from "../../contracts/index.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const userTexts = (ui: UiHarness) =>
  JSON.stringify((ui.sim.requests.at(-1)!.body.messages as { role: string }[]).filter((m) => m.role === "user"));

describe("inline UI editor", () => {
  it("Shift+Enter makes a new line; Enter sends both lines; Up brings the prompt back", async () => {
    h = await startUi();
    h.sim.script({ text: "Got two lines." });
    await h.send("line one");
    await h.send(KEYS.shiftEnter);
    await h.send("line two");
    await h.waitFor(/line one\n\s*line two/);
    await h.send(KEYS.enter);
    await h.waitFor(/Got two lines\./);
    expect(userTexts(h)).toContain("line one\\nline two");
    await h.send(KEYS.up);
    await h.waitFor(/─{20,}\n\s*line one\s*\n\s*line two/);
  });

  it("pastes bracketed text verbatim, and word motions, kill and yank edit it", async () => {
    h = await startUi();
    await h.send("\x1b[200~pasted\nblock\x1b[201~");
    await h.waitFor(/pasted\n\s*block/);
    await h.send(KEYS.ctrlC); // clears the editor
    await h.send("alpha beta gamma");
    await h.send("\x1bb"); // Alt+B: word left
    await h.send("\x17"); // Ctrl+W: kill "beta "
    await h.send("\x05"); // Ctrl+E: end of line
    await h.send(" ");
    await h.send("\x19"); // Ctrl+Y: yank
    await h.waitFor(/alpha gamma beta/);
    await h.send("\x1f"); // Ctrl+-: undo the yank
    await h.waitFor((s) => /alpha gamma\s/.test(s) && !/alpha gamma beta/.test(s));
  });

  it("completes /commands from the registry and @files, skipping .gitignore'd ones", async () => {
    h = await startUi();
    writeFileSync(join(h.project, ".gitignore"), "secret-notes.txt\n");
    writeFileSync(join(h.project, "secret-notes.txt"), "x");
    writeFileSync(join(h.project, "notes-public.txt"), "x");
    await h.send("/the");
    await h.waitFor(/› \/theme \[name\]\s+Select a theme/);
    await h.send(KEYS.tab);
    await h.waitFor(/^\/theme\s*$/m);
    await h.send(KEYS.ctrlC);
    await h.send("look at @notes");
    const s = await h.waitFor(/› notes-public\.txt/);
    expect(s).not.toMatch(/secret-notes/);
    await h.send(KEYS.tab);
    await h.waitFor(/look at @notes-public\.txt\s*$/m);
  });

  it("!cmd runs bash (the userBash service) and adds it to the context; !!cmd runs it but keeps it out", async () => {
    h = await startUi({ plugins: [userBash] });
    await h.send("!echo visible-output");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ echo visible-output\s*\n\s*visible-output/);
    await h.send("!!echo hidden-output");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ echo hidden-output\s+\(not added to context\)/);
    await new Promise((r) => setTimeout(r, 50));
    h.sim.script({ text: "Seen." });
    await h.send("what ran?");
    await h.send(KEYS.enter);
    await h.waitFor(/Seen\./);
    expect(userTexts(h)).toContain("Ran `echo visible-output`");
    expect(userTexts(h)).not.toContain("hidden-output");
  });

  it("!cmd in an agent composed without user-bash says what is missing", async () => {
    h = await startUi();
    await h.send("!echo nothing");
    await h.send(KEYS.enter);
    await h.waitFor(/needs the user-bash plugin/);
  });

  it("Ctrl+G edits the prompt in $VISUAL / $EDITOR", async () => {
    h = await startUi();
    const script = join(h.agentDir, "fake-editor.sh");
    writeFileSync(script, '#!/bin/sh\n{ cat "$1"; printf " and more from the editor"; } > "$1.new" && mv "$1.new" "$1"\n', { mode: 0o755 });
    const saved = { VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
    delete process.env.VISUAL;
    process.env.EDITOR = script;
    try {
      await h.send("typed here");
      await h.send("\x07"); // Ctrl+G
      await h.waitFor(/^typed here and more from the editor/m);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it("/hotkeys lists the keys; Ctrl+C clears, twice quits", async () => {
    h = await startUi();
    await h.send("/hotkeys");
    await h.send(KEYS.enter);
    await h.waitFor(/ctrl\+o\s+expand \/ collapse tool output/);
    await h.send("draft");
    await h.send(KEYS.ctrlC);
    await h.waitFor((s) => !/^draft/m.test(s));
    await h.send(KEYS.ctrlC);
    await h.waitFor(/Press ctrl\+c again to exit/);
    await h.send(KEYS.ctrlC);
    expect(await h.exited).toBe(0);
  });

  it("extensions set status entries and widgets through the ui service", async () => {
    h = await startUi();
    const ui = h.kernel.host.current.services.get("ui")!.impl as UiService;
    ui.setStatus("build", "build: passing");
    ui.setWidget("todo", ["TODO: write docs"], { placement: "aboveEditor" });
    ui.setWidget("tip", ["tip below the editor"], { placement: "belowEditor" });
    const s = await h.waitFor(/TODO: write docs[\s\S]*─{20,}[\s\S]*─{20,}\n\s*tip below the editor[\s\S]*build: passing/);
    expect(s).toBeTruthy();
    ui.setEditorText("prefilled");
    await h.waitFor(/^prefilled/m);
    expect(ui.getEditorText()).toBe("prefilled");
    const answer = ui.select("Pick one", ["red", "green"]);
    await h.waitFor(/Pick one[\s\S]*› red/);
    await h.send(KEYS.down);
    await h.send(KEYS.enter);
    expect(await answer).toBe("green");
    const typed = ui.input("Your name?");
    await h.send("Ada");
    await h.send(KEYS.enter);
    expect(await typed).toBe("Ada");
  });

  it("editing the active theme file recolours the running UI", async () => {
    const dark = JSON.parse(readFileSync(new URL("../../themes/dark.json", import.meta.url), "utf8"));
    // The editor rules and the footer are drawn in these two tokens.
    const theme = (accent: string) =>
      JSON.stringify({ ...dark, name: "live", colors: { ...dark.colors, thinkingOff: accent, dim: accent } });
    h = await startUiWithTheme(theme("#0a0b0c"));
    await h.waitFor(() => h!.written().includes("38;2;10;11;12"));
    const before = h.written().length;
    writeFileSync(join(h.agentDir, "themes", "live.json"), theme("#0d0e0f"));
    // Within a second, frames are drawn in the new colour.
    await h.waitFor(() => h!.written().slice(before).includes("38;2;13;14;15"), 1000);
    writeFileSync(join(h.agentDir, "themes", "live.json"), "{ broken");
    await h.waitFor(/keeping the last good theme/);
  });
});

async function startUiWithTheme(json: string): Promise<UiHarness> {
  const previous = process.env.COLORTERM;
  process.env.COLORTERM = "truecolor";
  const ui = await startUi({
    settings: { theme: "live" },
    beforeStart: (agentDir) => {
      mkdirSync(join(agentDir, "themes"), { recursive: true });
      writeFileSync(join(agentDir, "themes", "live.json"), json);
    },
  });
  if (previous === undefined) delete process.env.COLORTERM;
  else process.env.COLORTERM = previous;
  return ui;
}
