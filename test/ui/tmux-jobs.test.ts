// Jobs on the real `pi` in tmux, one cheap run per UI: the model starts a background job and the
// footer counts it; the model's next (foreground) bash call prints a tick a tenth of a second and
// Ctrl+B sends it to the background: the call returns at once with the job id and the output so
// far (the model's next request carries them) and the same process goes on as job-2; /jobs lists
// both, and choosing job-1 then "Kill" ends it (the count goes down). Quitting ends job-2.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alive, lastTool } from "../support/request-text.js";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, suiteProject, tmuxServer } from "../support/tmux.js";

const { run: tmux, keys, type, waitForPane, kill } = tmuxServer("pik-jobs");

describe.skipIf(!hasTmux)("pi in tmux: jobs", () => {
  const fx = suiteProject(kill);

  for (const ui of ["inline", "fullscreen"]) {
    it(`${ui}: the footer counts jobs; Ctrl+B backgrounds the running bash call; /jobs lists and kills`, async () => {
      const session = `jobs-${ui}`;
      let moved = "";
      fx.sim.script(
        { toolCalls: [{ name: "bash", arguments: { command: `sleep 297 # ${ui}`, run_in_background: true } }] },
        { text: "started it" },
        { toolCalls: [{ name: "bash", arguments: { command: `i=0; while :; do i=$((i+1)); echo tick $i; sleep 0.1; done # ${ui}` } }] },
        (req) => {
          moved = lastTool(req.body);
          return { text: "it runs on" };
        },
      );
      const env = `PI_CODING_AGENT_DIR='${fx.agentDir}' COLORTERM=truecolor`;
      const cmd = `${env} '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model --ui ${ui}; echo "pi exited with $?"; sleep 30`;
      tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "30", "-c", fx.project, cmd);
      await waitForPane(session, /pi-kernel · enter send|sim-model/);
      type(session, "start a job");
      keys(session, "Enter");
      await waitForPane(session, (p) => /started it/.test(p) && /\b1 job\b/.test(p));
      type(session, "count");
      keys(session, "Enter");
      // The hint shows once the command has run for a moment; by then it has printed.
      await waitForPane(session, (p) => /ctrl\+b: to background/.test(p) && /tick \d/.test(p));
      keys(session, "C-b");
      await waitForPane(session, (p) => /it runs on/.test(p) && /\b2 jobs\b/.test(p));
      expect(moved).toMatch(/^The user moved this command to the background as job job-2 \(pid \d+\); it is still running\.\n/);
      expect(moved).toMatch(/Output so far \(the end of it\):\ntick 1\ntick 2\n/);
      expect(moved).toMatch(/Use the jobs tool \(output, wait, kill\) with id "job-2"/);
      const pid = Number(/\(pid (\d+)\)/.exec(moved)?.[1]);
      expect(alive(pid)).toBe(true);
      type(session, "/jobs");
      await waitForPane(session, /› \/jobs|\/jobs/);
      keys(session, "Enter");
      await waitForPane(session, (p) => /job-1 {2}running .*sleep 297/.test(p) && /job-2 {2}running .*tick/.test(p));
      keys(session, "Enter");
      await waitForPane(session, /Show output/);
      keys(session, "Down");
      keys(session, "Enter");
      const pane = await waitForPane(session, /job-1 killed \(processes [\d, ]+\)/);
      expect(pane).toMatch(/\b1 job\b/);
      keys(session, "C-d");
      await waitForPane(session, /pi exited with 0/);
      expect(alive(pid)).toBe(false); // the moved command ended with the session
      // Its file holds the whole output: what it printed in the foreground, then on as a job.
      const ticks = readFileSync(/Full output: (\S+)\. Use/.exec(moved)?.[1] ?? "", "utf8")
        .trim()
        .split("\n");
      const before = moved.split("\n").filter((l) => l.startsWith("tick")).length;
      expect(ticks.length).toBeGreaterThan(before);
      expect(ticks).toEqual(ticks.map((_, i) => `tick ${i + 1}`));
    });
  }
});
