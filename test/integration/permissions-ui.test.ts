// Permissions and rewind in the real interactive UIs (inline and full-screen), in tmux: Alt+M
// cycles the mode (the footer shows it), ask mode draws a dialog whose first choice, Allow once,
// lets the command run, and /rewind takes the created file away again.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, suiteProject, tmuxServer } from "../support/tmux.js";

const { run: tmux, keys, type, waitForPane, kill } = tmuxServer("pik-perm");

describe.skipIf(!hasTmux)("permissions and rewind in the UIs (tmux)", () => {
  const fx = suiteProject(kill);

  for (const ui of ["inline", "fullscreen"]) {
    it(`${ui}: Alt+M to ask mode, a dialog, Allow once, then /rewind removes the file`, async () => {
      const session = `perm-${ui}`;
      const file = `made-by-${ui}.txt`;
      const env = `PI_CODING_AGENT_DIR='${fx.agentDir}'`;
      const cmd = `${env} '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model --ui ${ui}; echo "pi exited with $?"; sleep 30`;
      tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "32", "-c", fx.project, cmd);
      await waitForPane(session, /sim-model/);
      keys(session, "M-m");
      await waitForPane(session, /mode: ask/);

      fx.sim.script({ toolCalls: [{ name: "bash", arguments: { command: `echo hi > ${file}` } }] }, { text: "made it" });
      type(session, "make the file");
      keys(session, "Enter");
      const dialog = await waitForPane(session, /Allow once/);
      expect(dialog).toMatch(/Allow bash: echo hi > made-by/);
      expect(dialog).toMatch(/Allow always/);
      expect(existsSync(join(fx.project, file))).toBe(false);
      keys(session, "Enter");
      await waitForPane(session, /made it/);
      expect(readFileSync(join(fx.project, file), "utf8")).toBe("hi\n");

      type(session, "/rewind");
      keys(session, "Enter");
      await waitForPane(session, /Rewind to before which message/);
      keys(session, "Enter");
      await waitForPane(session, /Restore code and conversation/);
      keys(session, "Enter");
      await waitForPane(session, /Rewound: 1 file\(s\) restored/);
      expect(existsSync(join(fx.project, file))).toBe(false);
      // The rewound message is back in the editor: clear it, then quit.
      await waitForPane(session, /make the file/);
      keys(session, "C-u");
      keys(session, "C-d");
      await waitForPane(session, /pi exited with 0/);
    });
  }
});
