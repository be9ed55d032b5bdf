// /copy puts the last answer on the clipboard: through a clipboard program when there is one (a
// fake xclip first on PATH records what it is given), else through the terminal's OSC 52.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
let scratch: string;
const saved = { PATH: process.env.PATH, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY, XDG_SESSION_TYPE: process.env.XDG_SESSION_TYPE };

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "pik-copy-"));
  mkdirSync(join(scratch, "bin"));
  // Only this dir (and the shell for the fake): a real clipboard program must not answer.
  process.env.PATH = join(scratch, "bin");
  delete process.env.WAYLAND_DISPLAY;
  delete process.env.XDG_SESSION_TYPE;
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  rmSync(scratch, { recursive: true, force: true });
});

async function answerThenCopy(ui: UiHarness): Promise<string> {
  ui.sim.script({ text: "Copy me: **bold** and `code`." });
  await ui.send("say something");
  await ui.send(KEYS.enter);
  await ui.waitFor(/Copy me:/);
  await ui.send("/copy");
  await ui.send(KEYS.enter);
  return ui.waitFor(/Copied the last answer|clipboard/);
}

describe("/copy", () => {
  it("hands the last answer's markdown to a clipboard program", async () => {
    const out = join(scratch, "clipboard.txt");
    writeFileSync(join(scratch, "bin", "xclip"), `#!/bin/sh\n[ "$1 $2" = "-selection clipboard" ] || exit 2\n/bin/cat > '${out}'\n`);
    chmodSync(join(scratch, "bin", "xclip"), 0o755);
    h = await startUi({ plugins: [commandsCore] });
    const screen = await answerThenCopy(h);
    expect(screen).toMatch(/Copied the last answer \(29 characters\) via xclip/);
    expect(readFileSync(out, "utf8")).toBe("Copy me: **bold** and `code`.");
  });

  it("falls back to OSC 52 when no clipboard program is installed", async () => {
    h = await startUi({ plugins: [commandsCore] });
    const screen = await answerThenCopy(h);
    expect(screen).toMatch(/via the terminal \(OSC 52\)/);
    expect(h.written()).toContain(`\x1b]52;c;${Buffer.from("Copy me: **bold** and `code`.").toString("base64")}\x07`);
  });

  it("says so when there is nothing to copy", async () => {
    h = await startUi({ plugins: [commandsCore] });
    await h.send("/copy");
    await h.send(KEYS.enter);
    await h.waitFor(/There is no answer to copy yet\./);
  });
});
