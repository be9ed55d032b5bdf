// `pi attach` in a real terminal (tmux) drives a session `pi serve` runs: the project's own
// interactive UI, its prompt answered by the served agent, the server's permission dialog
// answered with a key; `!cmd` / `!!cmd` run on the server (their output shows while they run, Esc
// aborts one, Ctrl+B sends one to the background there), Ctrl+P cycles the server's models, the local
// theme draws in colour, the terminal's own commands (/copy, /hotkeys, /ui web) run here; after the UI quits,
// the served agent runs on.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { writeTwoModels } from "../support/scenario.mjs";
import { simProjects } from "../support/sim-projects.js";
import { hasTmux, tmuxServer } from "../support/tmux.js";
import { type Served, serveAsking } from "./served.js";

const { run: tmux, type, keys, waitForPane, kill } = tmuxServer("pik-attach");

describe.skipIf(!hasTmux)("pi attach in tmux", () => {
  if (!hasTmux) it.skip("needs tmux (apt-get install tmux)", () => undefined);
  const env = simProjects();
  let served: Served;
  let project: string;
  beforeAll(async () => {
    const p = env.project();
    project = p.project;
    writeTwoModels(p.agentDir, env.sim.url);
    served = await serveAsking(p);
  });
  afterAll(async () => {
    kill();
    await served?.stop();
  });

  it("drives the served session: a prompt, a permission dialog, and the agent outlives the UI", async () => {
    const cmd = `'${process.execPath}' '${PI_BIN}' attach '${served.url}/?token=${served.token}'; sleep 30`;
    tmux("new-session", "-d", "-s", "a", "-x", "110", "-y", "40", "-c", project, cmd);
    await waitForPane("a", /Attached to/);
    env.sim.script({ text: "Remote hello." });
    type("a", "hi from tmux");
    keys("a", "Enter");
    await waitForPane("a", /Remote hello\./);
    // The terminal's own commands run here (the server has no terminal to copy from or keys to list).
    type("a", "/copy");
    keys("a", "Enter");
    await waitForPane("a", /Copied the last answer \(13 characters\)/);
    type("a", "/hotkeys");
    keys("a", "Enter");
    await waitForPane("a", /Keyboard shortcuts/);
    type("a", "/ui web");
    keys("a", "Enter");
    await waitForPane("a", new RegExp(`Web UI of this session: ${served.url}/\\?token=${served.token}`));
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "attached.txt", content: "ok\n" } }] }, { text: "Wrote it." });
    type("a", "write attached.txt");
    keys("a", "Enter");
    await waitForPane("a", /Allow once/);
    keys("a", "Enter");
    await waitForPane("a", /Wrote it\./);
    expect(readFileSync(join(project, "attached.txt"), "utf8")).toBe("ok\n");
    // The themes plugin's theme, not the plain one: the pane holds colour codes.
    expect(tmux("capture-pane", "-p", "-e", "-t", "a")).toMatch(/\x1b\[[0-9;]*38;[25];/);
    type("a", "/theme light");
    keys("a", "Enter");
    await waitForPane("a", /Theme: light/);
    // User shell runs go to the server; Esc aborts a long one there.
    type("a", "!echo bash-$((6*7))");
    keys("a", "Enter");
    await waitForPane("a", /bash-42/);
    type("a", "!!echo hidden-$((2+3))");
    keys("a", "Enter");
    await waitForPane("a", /hidden-5/);
    type("a", "!sleep 30");
    keys("a", "Enter");
    await waitForPane("a", /esc to cancel/);
    keys("a", "Escape");
    await waitForPane("a", /cancelled/);
    // The output shows while the command runs: its first line is there before it ends.
    type("a", "!echo early-$((3*3)); while [ ! -e go ]; do sleep 0.1; done; echo late-$((4*4))");
    keys("a", "Enter");
    await waitForPane("a", /early-9/);
    expect(tmux("capture-pane", "-p", "-t", "a")).not.toMatch(/late-16/);
    writeFileSync(join(project, "go"), "");
    await waitForPane("a", /late-16/);
    // Ctrl+B: the footer offers it once a command runs for a moment; the command becomes a job on the server.
    type("a", "!sleep 31");
    keys("a", "Enter");
    await waitForPane("a", /ctrl\+b: to background/);
    keys("a", "C-b");
    await waitForPane("a", /Moved to the background as/);
    // Ctrl+P: the server's cycle_model; the footer shows the model it chose.
    keys("a", "C-p");
    await waitForPane("a", /sim-other/);
    env.sim.script({ text: "Seen the runs." });
    type("a", "what ran?");
    keys("a", "Enter");
    await waitForPane("a", /Seen the runs\./);
    const sent = env.sim.requests.at(-1)?.rawBody ?? "";
    expect(sent).toContain("bash-42");
    expect(sent).not.toContain("hidden-5");
    expect(env.sim.requests.at(-1)?.body?.model).toBe("sim-other");
    keys("a", "C-c");
    keys("a", "C-c");
    const res = await fetch(`${served.url}/api/state`, { headers: { Authorization: `Bearer ${served.token}` } });
    const state = (await res.json()) as { messageCount: number; sessionFile: string };
    // 6 from the two prompts, 5 shell runs (the excluded, cancelled and backgrounded ones are recorded too), 2 more.
    expect(state.messageCount).toBe(13);
    expect(existsSync(state.sessionFile)).toBe(true);
  });
});
