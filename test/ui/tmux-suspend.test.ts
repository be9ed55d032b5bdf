// Ctrl+Z in a real terminal: an interactive bash in tmux runs the compiled `pi`; Ctrl+Z stops it
// and the shell prompt comes back; `fg` resumes it and the UI is drawn again with the editor's
// text intact, in both the inline and the full-screen UI. Needs tmux (apt package "tmux") and bash.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, simProject, tmuxServer, type SimProject } from "../support/tmux.js";

const hasTools = hasTmux && spawnSync("bash", ["--version"]).status === 0;
if (!hasTools) console.warn("test/ui/tmux-suspend.test.ts skipped: needs tmux and bash (apt-get install tmux bash)");

const t = tmuxServer("pik-suspend");
/** The pane's terminal modes: alternate screen, cursor shown, mouse reporting ("1"/"0" each). */
const modes = (session: string) => t.run("display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag} #{mouse_any_flag}").trim();

describe.skipIf(!hasTools)("Ctrl+Z suspends pi to the shell; fg brings it back", () => {
  let fx: SimProject;

  /** An interactive bash (job control on) with a recognisable prompt, running `pi ARGS`. */
  const startPi = async (session: string, args: string) => {
    t.run(
      "new-session",
      "-d",
      "-s",
      session,
      "-x",
      "100",
      "-y",
      "30",
      "-c",
      fx.project,
      "env",
      "PS1=shell$ ",
      "bash",
      "--norc",
      "--noprofile",
      "-i",
    );
    await t.waitForPane(session, /shell\$/);
    t.type(
      session,
      `PI_CODING_AGENT_DIR='${fx.agentDir}' COLORTERM=truecolor '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model ${args}`,
    );
    t.keys(session, "Enter");
  };

  /** After pi quits: the shell prompt is back and pi's exit status was 0. */
  const expectExitedCleanly = async (session: string) => {
    await t.waitForPane(session, (p) => p.trimEnd().endsWith("shell$"));
    t.type(session, 'echo "pi exited with $?"');
    t.keys(session, "Enter");
    await t.waitForPane(session, /^pi exited with 0$/m);
  };

  beforeAll(async () => {
    fx = await simProject();
  });
  afterAll(async () => {
    t.kill();
    await fx?.close();
  });

  it("inline: the shell prompt shows while stopped; fg redraws the footer and keeps the editor text", async () => {
    await startPi("inline", "");
    await t.waitForPane("inline", /\(sim\) sim-model/);
    t.type("inline", "draft kept across suspend");
    await t.waitForPane("inline", /draft kept across suspend/);
    t.keys("inline", "C-z");
    const pane = await t.waitForPane("inline", /Stopped.*\n(.*\n)*shell\$ *$/m);
    expect(pane).toMatch(/\[1\]\+\s+Stopped/);
    expect(modes("inline")).toBe("0 1 0"); // the cursor is visible again for the shell
    t.type("inline", "fg");
    t.keys("inline", "Enter");
    await t.waitForPane("inline", (p) => /\(sim\) sim-model\s*$/.test(p.trimEnd()) && /draft kept across suspend/.test(p));
    // Keys work again: the prompt goes out and the answer streams in.
    fx.sim.script({ text: "Answer after resuming." });
    t.keys("inline", "Enter");
    await t.waitForPane("inline", /Answer after resuming\./);
    t.keys("inline", "C-d");
    await expectExitedCleanly("inline");
  });

  it("fullscreen: Ctrl+Z leaves the alternate screen; fg draws the full-screen UI again", async () => {
    await startPi("full", "--ui fullscreen");
    await t.waitForPane("full", /\(sim\) sim-model/);
    t.type("full", "full-screen draft");
    await t.waitForPane("full", /full-screen draft/);
    t.keys("full", "C-z");
    const pane = await t.waitForPane("full", /Stopped.*\n(.*\n)*shell\$ *$/m);
    expect(pane).not.toMatch(/full-screen draft/);
    expect(modes("full")).toBe("0 1 0"); // main screen, cursor shown, no mouse reporting
    t.type("full", "fg");
    t.keys("full", "Enter");
    const back = await t.waitForPane(
      "full",
      (p) => /full-screen draft/.test(p) && /\(sim\) sim-model/.test(p.trimEnd().split("\n").at(-1) ?? ""),
    );
    expect(back).not.toMatch(/Stopped/);
    expect(modes("full")).toMatch(/^1 0 1$/);
    t.keys("full", "C-c"); // clears the editor, so Ctrl+D quits
    await t.waitForPane("full", (p) => !/full-screen draft/.test(p));
    t.keys("full", "C-d");
    await expectExitedCleanly("full");
  });
});
