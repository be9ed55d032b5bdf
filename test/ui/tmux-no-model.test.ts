// The real `pi` in tmux with no model at all: every message typed gets an error that says what is
// missing and how to fix it, in the inline and the full-screen UI alike.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, tmuxServer } from "../support/tmux.js";

const { run: tmux, type, keys, waitForPane, kill } = tmuxServer("pik-nomodel");
const root = mkdtempSync(join(tmpdir(), "pik-nomodel-"));
// No key of any provider may reach the child from this machine's environment.
const KEYS = Object.keys(process.env).filter((k) => /_API_KEY$|_TOKEN$/.test(k));

describe.skipIf(!hasTmux)("pi in tmux with no model", () => {
  afterAll(() => {
    kill();
    // The killed agent's checkpoint (a git child) may still be writing into the agent dir.
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  it.each(["inline", "fullscreen"])("%s: each message typed is answered by what to set up", async (ui) => {
    const project = join(root, ui);
    mkdirSync(join(project, "agent"), { recursive: true });
    const unset = KEYS.map((k) => `-u ${k}`).join(" ");
    const cmd = `env ${unset} PI_CODING_AGENT_DIR='${join(project, "agent")}' '${process.execPath}' '${PI_BIN}' --ui ${ui}; sleep 30`;
    tmux("new-session", "-d", "-s", ui, "-x", "110", "-y", "40", "-c", project, cmd);
    const start = await waitForPane(ui, /no model/i);
    // The start-up hint names a page that exists (it named a README section there is none of).
    expect(start).not.toMatch(/README/);
    for (const [n, message] of ["hello there", "and again"].entries()) {
      type(ui, message);
      keys(ui, "Enter");
      const errors = (p: string) => p.split("Error: No model").length - 1;
      const pane = await waitForPane(ui, (p) => errors(p) > n && p.includes(message), 8000);
      expect(pane).toMatch(/\/login/);
      expect(pane).toMatch(/API_KEY/);
      expect(pane).toMatch(/models\.json/);
      expect(pane).toMatch(/local server/);
    }
  });
});
