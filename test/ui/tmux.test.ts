// The real `pi` in a real terminal: tmux runs the compiled CLI (npm test builds first), keys go in
// with send-keys and the screen comes back with capture-pane. Needs tmux (apt package "tmux").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, simProject, tmuxServer, type SimProject } from "../support/tmux.js";

if (!hasTmux) console.warn("test/ui/tmux.test.ts skipped: tmux is not installed (apt-get install tmux)");

const { run: tmux, capture, keys, type, waitForPane, kill } = tmuxServer("pik-ui");

describe.skipIf(!hasTmux)("pi in tmux", () => {
  let fx: SimProject;

  /** Starts `pi ARGS` in a new tmux session; the shell reports pi's exit code afterwards. */
  const startPi = (session: string, args: string) => {
    const env = `PI_CODING_AGENT_DIR='${fx.agentDir}' COLORTERM=truecolor`;
    tmux(
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
      `${env} '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model ${args}; echo "pi exited with $?"; sleep 30`,
    );
  };

  beforeAll(async () => {
    fx = await simProject();
  });
  afterAll(async () => {
    kill();
    await fx?.close();
  });

  it("inline: starts, takes a prompt, streams the answer, runs /hotkeys, quits with Ctrl+D", async () => {
    startPi("inline", "");
    await waitForPane("inline", /pi-kernel · enter send/);
    expect(capture("inline")).toMatch(/\(sim\) sim-model/);
    fx.sim.script({ text: "Hello from the **simulator** inside tmux." });
    type("inline", "hello tmux");
    keys("inline", "Enter");
    const pane = await waitForPane("inline", /Hello from the simulator inside tmux\./);
    expect(pane).toMatch(/hello tmux/);
    expect(pane).toMatch(/↑\d+ ↓\d+/);
    type("inline", "/hot");
    await waitForPane("inline", /› \/hotkeys/);
    keys("inline", "Enter");
    await waitForPane("inline", /ctrl\+\]\s+jump to character/);
    keys("inline", "C-d");
    const after = await waitForPane("inline", /pi exited with 0/);
    // The last frame stays in the terminal above the shell's output.
    expect(after).toMatch(/\(sim\) sim-model\s*\n+.*pi exited with 0/);
  });

  it("fullscreen: --ui fullscreen pins the footer to the bottom row and leaves the screen on exit", async () => {
    startPi("full", "--ui fullscreen");
    let pane = await waitForPane("full", /\(sim\) sim-model/);
    expect(pane.trimEnd().split("\n").at(-1)).toMatch(/\(sim\) sim-model/);
    fx.sim.script({ text: "Answer in full screen." });
    type("full", "hi there");
    keys("full", "Enter");
    pane = await waitForPane("full", /Answer in full screen\./);
    expect(pane.trimEnd().split("\n").at(-1)).toMatch(/\(sim\) sim-model/);
    // UTF-8 as written, not DEC line drawing (which reads back as "qqqq") or ASCII stand-ins.
    expect(pane).toMatch(/─{20,}/);
    expect(pane).toMatch(/pi-kernel · enter send/);
    expect(pane).not.toMatch(/q{20,}/);
    keys("full", "C-d");
    pane = await waitForPane("full", /pi exited with 0/);
    // The alternate screen is gone: the full-screen frame left nothing behind.
    expect(pane).not.toMatch(/Answer in full screen/);
  });
});
