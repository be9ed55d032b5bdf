// /jobs on the real `pi` in tmux, one cheap run per UI: the model starts a background job, the
// footer counts it, /jobs lists it, and choosing it then "Kill" ends it (the count goes away).
import { describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, suiteProject, tmuxServer } from "../support/tmux.js";

const { run: tmux, keys, type, waitForPane, kill } = tmuxServer("pik-jobs");

describe.skipIf(!hasTmux)("pi in tmux: /jobs", () => {
  const fx = suiteProject(kill);

  for (const ui of ["inline", "fullscreen"]) {
    it(`${ui}: the footer counts a job; /jobs lists it and kills it`, async () => {
      const session = `jobs-${ui}`;
      fx.sim.script(
        { toolCalls: [{ name: "bash", arguments: { command: `sleep 297 # ${ui}`, run_in_background: true } }] },
        { text: "started it" },
      );
      const env = `PI_CODING_AGENT_DIR='${fx.agentDir}' COLORTERM=truecolor`;
      const cmd = `${env} '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model --ui ${ui}; echo "pi exited with $?"; sleep 30`;
      tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "30", "-c", fx.project, cmd);
      await waitForPane(session, /pi-kernel · enter send|sim-model/);
      type(session, "start a job");
      keys(session, "Enter");
      await waitForPane(session, (p) => /started it/.test(p) && /\b1 job\b/.test(p));
      type(session, "/jobs");
      await waitForPane(session, /› \/jobs|\/jobs/);
      keys(session, "Enter");
      await waitForPane(session, /job-1 {2}running .*sleep 297/);
      keys(session, "Enter");
      await waitForPane(session, /Show output/);
      keys(session, "Down");
      keys(session, "Enter");
      const pane = await waitForPane(session, /job-1 killed \(processes [\d, ]+\)/);
      expect(pane).not.toMatch(/\b1 job\b/);
      keys(session, "C-d");
      await waitForPane(session, /pi exited with 0/);
    });
  }
});
