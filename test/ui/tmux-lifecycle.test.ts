// The interactive UI's life in a real terminal (tmux runs the compiled CLI): problems at start-up
// (a pi extension that throws, a typo in the --packages file) are on screen without --verbose;
// an extension's session_start setStatus shows in the footer; and plugins removed from the live
// composition (the pi-packages.json edited while pi runs) never crash it, the running UI's own
// plugin included: it stays, says why, and carries on when put back. Needs tmux.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, simProject, tmuxServer, type SimProject } from "../support/tmux.js";

if (!hasTmux) console.warn("test/ui/tmux-lifecycle.test.ts skipped: tmux is not installed (apt-get install tmux)");

const { run: tmux, capture, keys, type, waitForPane, kill } = tmuxServer("pik-life");
const ROOT = join(PI_BIN, "..", "..");
// The default composition's entries (`@pi-kernel/<name>`, resolved wherever pi-kernel is installed).
const BUILT_INS = (JSON.parse(readFileSync(join(ROOT, "pi-packages.json"), "utf8")) as { packages: string[] }).packages;

describe.skipIf(!hasTmux)("the interactive UI's life in tmux", () => {
  let fx: SimProject;
  const startPi = (session: string, args: string) => {
    const env = `PI_CODING_AGENT_DIR='${fx.agentDir}' RELOAD_LOG='${join(fx.root, "reloads.log")}'`;
    const cmd = `${env} '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model ${args}; echo "pi exited with $?"; sleep 30`;
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40", "-c", fx.project, cmd);
  };
  const write = (file: string, text: string) => writeFileSync(join(fx.root, file), text);
  const reloads = () => {
    const log = join(fx.root, "reloads.log");
    return existsSync(log)
      ? readFileSync(log, "utf8")
          .split("\n")
          .filter((l) => l === "reload").length
      : 0;
  };
  const untilReloads = async (n: number) => {
    for (const end = Date.now() + 15_000; reloads() < n; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > end) throw new Error(`no reload #${n}:\n${capture("live")}`);
    }
  };

  beforeAll(async () => {
    fx = await simProject();
    write("broken.ts", `export default function () { throw new Error("the factory fell over"); }\n`);
    write(
      "status.ts",
      `export default function (pi) {
  pi.on("session_start", (e, ctx) => ctx.ui.setStatus("life", "status from session_start, hasUI=" + ctx.hasUI));
}
`,
    );
    mkdirSync(join(fx.root, "notes"));
    write("notes/package.json", JSON.stringify({ name: "reload-notes", pi: { extensions: ["./index.ts"] } }));
    write(
      "notes/index.ts",
      `import { appendFileSync } from "node:fs";
export default function (pi) {
  pi.on("session_start", (e) => appendFileSync(process.env.RELOAD_LOG, e.reason + "\\n"));
}
`,
    );
  });
  afterAll(async () => {
    kill();
    await fx?.close();
  });

  it("shows a plugin that throws at start-up and a session_start status in the footer", async () => {
    startPi("start", `-e '${join(fx.root, "broken.ts")}' -e '${join(fx.root, "status.ts")}'`);
    const pane = await waitForPane("start", /status from session_start, hasUI=true/);
    expect(pane).toMatch(
      /A problem at start-up \(\/diagnostics lists them all\):\s*\nerror: broken: setup failed in .*broken\.ts: the factory fell over/,
    );
    // The status is in the footer, under the editor's bottom border.
    expect(pane).toMatch(/─{20,}\n[^\n]*\n[^\n]*\(sim\) sim-model[^\n]*\nstatus from session_start, hasUI=true/);
    keys("start", "C-d");
    await waitForPane("start", /pi exited with 0/);
  });

  it("survives plugins leaving the live composition, its own UI plugin included", async () => {
    const compose = (exclude: string[], extra: string[] = []) =>
      write(
        "agent.json",
        JSON.stringify({ packages: [...BUILT_INS.filter((p) => !exclude.some((e) => p.endsWith(`/${e}`))), "./notes", ...extra] }),
      );
    compose([], ["./nosuch-plugin"]);
    // The message on the command line is sent once start-up is over (the composition watched).
    fx.sim.script({ text: "Ready when you are." });
    startPi("live", `--packages '${join(fx.root, "agent.json")}' "hello"`);
    let pane = await waitForPane("live", /Ready when you are\./);
    expect(pane).toMatch(/A problem at start-up[\s\S]*package \.\/nosuch-plugin: .*nosuch-plugin does not exist/);

    const prompt = async (text: string) => {
      fx.sim.script({ text });
      type("live", "say it");
      keys("live", "Enter");
      await waitForPane("live", new RegExp(text.replace(".", "\\.")));
    };
    compose(["ui-inline"]);
    await untilReloads(1);
    await prompt("Still here without ui-inline.");
    compose(["ui-inline", "ui-fullscreen", "themes", "commands-core", "session-commands"]);
    await untilReloads(2);
    await prompt("Still here with five plugins gone.");

    compose(["ui-interactive"]);
    pane = await waitForPane("live", /ui-interactive left the agent's composition/);
    expect(pane).toMatch(/or press ctrl\+c or ctrl\+d\s+to\s+quit/);
    type("live", "ignored while detached");
    compose([]);
    await waitForPane("live", /ui-interactive is back in the agent's composition: carrying on\./);
    expect(capture("live")).not.toMatch(/ignored while detached/);
    await prompt("Back in business.");
    keys("live", "C-d");
    pane = await waitForPane("live", /pi exited with 0/);
    expect(pane).not.toMatch(/StaleApiError|uncaught/);
  });
});
