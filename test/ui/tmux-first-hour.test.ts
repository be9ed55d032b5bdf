// What a pi user notices in the first hour, checked on the real `pi` in tmux: Ctrl+P cycling keeps
// the preferred thinking level, a theme file added mid-session is offered by /theme at once, and
// the trust prompt leaves no border characters behind in the inline UI.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { writeTwoModels } from "../support/scenario.mjs";
import { hasTmux, simProject, tmuxServer, type SimProject } from "../support/tmux.js";

const { run: tmux, keys, type, waitForPane, kill } = tmuxServer("pik-hour");

describe.skipIf(!hasTmux)("pi in tmux: the first hour", () => {
  let fx: SimProject;

  const startPi = (session: string, args: string, cwd = fx.project) => {
    const env = `PI_CODING_AGENT_DIR='${fx.agentDir}' COLORTERM=truecolor`;
    const cmd = `${env} '${process.execPath}' '${PI_BIN}' --provider sim ${args}; echo "pi exited with $?"; sleep 30`;
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-c", cwd, cmd);
  };
  const footer = (pane: string) => pane.split("\n").find((l) => l.includes("(sim) ")) ?? "";

  beforeAll(async () => {
    fx = await simProject();
    writeTwoModels(fx.agentDir, fx.sim.url);
  });
  afterAll(async () => {
    kill();
    await fx?.close();
  });

  it("Ctrl+P: a model without reasoning shows no level, the next reasoning model gets the preferred one back", async () => {
    writeFileSync(join(fx.agentDir, "settings.json"), JSON.stringify({ defaultThinkingLevel: "high" }));
    startPi("cycle", "--model sim-other --thinking high");
    let pane = await waitForPane("cycle", /\(sim\) sim-other • high/);
    keys("cycle", "C-p");
    pane = await waitForPane("cycle", (p) => /\(sim\) sim-model/.test(footer(p)));
    expect(footer(pane)).not.toMatch(/•/);
    keys("cycle", "C-p");
    pane = await waitForPane("cycle", (p) => /\(sim\) sim-other/.test(footer(p)));
    expect(footer(pane)).toMatch(/\(sim\) sim-other • high/);
    keys("cycle", "C-d");
    await waitForPane("cycle", /pi exited with 0/);
    // The saved preference was never overwritten by the clamp.
    expect(JSON.parse(readFileSync(join(fx.agentDir, "settings.json"), "utf8")).defaultThinkingLevel).toBe("high");
  });

  it("/theme lists a theme file written while pi runs, without /reload", async () => {
    startPi("theme", "--model sim-model");
    await waitForPane("theme", /pi-kernel · enter send/);
    const dark = JSON.parse(readFileSync(join(__dirname, "../../themes/dark.json"), "utf8"));
    mkdirSync(join(fx.agentDir, "themes"), { recursive: true });
    writeFileSync(join(fx.agentDir, "themes", "midsession.json"), JSON.stringify({ ...dark, name: "midsession" }));
    type("theme", "/theme");
    await waitForPane("theme", /› \/theme/);
    keys("theme", "Enter");
    const pane = await waitForPane("theme", /midsession/);
    expect(pane).toMatch(/dark/);
    keys("theme", "Escape");
    await waitForPane("theme", (p) => !/Select theme/.test(p));
    keys("theme", "C-d");
    await waitForPane("theme", /pi exited with 0/);
  });

  it("inline: answering the trust prompt leaves no border characters on the screen", async () => {
    const project = join(fx.root, "untrusted");
    mkdirSync(join(project, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(project, ".pi", "extensions", "hello.ts"), "export default function () {}\n");
    startPi("trust", "--model sim-model", project);
    // A row holding a border piece next to other text is debris from an earlier frame.
    const mixed = (pane: string) => pane.split("\n").filter((r) => /─/.test(r) && /[^─\s]/.test(r));
    const rules = (pane: string) => pane.split("\n").filter((r) => /^─+$/.test(r.trimEnd()));
    let pane = await waitForPane("trust", /Trust this folder\?/);
    // The message is wrapped in full, on rows of its own.
    pane = await waitForPane("trust", /Load\s+them\?/);
    expect(mixed(pane)).toEqual([]);
    keys("trust", "Escape");
    pane = await waitForPane("trust", /Not loaded \(folder not trusted\): \.pi\/extensions/);
    expect(pane).not.toMatch(/Trust this folder\?/);
    expect(mixed(pane)).toEqual([]);
    // Only the editor's two rules are left: none of the dialog's.
    expect(rules(pane)).toHaveLength(2);
    keys("trust", "C-d");
    await waitForPane("trust", /pi exited with 0/);
  });
});
