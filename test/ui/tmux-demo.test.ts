// `pi demo` in a real terminal (tmux): with no key and an empty agent dir, the scripted model
// reads a file, edits it, runs it and answers in the inline UI; leaving prints how to connect a
// real model, and the temporary workspace is gone.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, tmuxServer } from "../support/tmux.js";

const { run: tmux, keys, waitForPane, kill } = tmuxServer("pik-demo");
const home = mkdtempSync(join(tmpdir(), "pik-demo-home-"));

describe.skipIf(!hasTmux)("pi demo", () => {
  afterAll(() => {
    kill();
    rmSync(home, { recursive: true, force: true });
  });

  it("reads, edits, runs and answers with no key, then says how to connect a real model", async () => {
    const cmd = `PI_CODING_AGENT_DIR='${join(home, "agent")}' '${process.execPath}' '${PI_BIN}' demo; echo "demo exited with $?"; sleep 30`;
    tmux("new-session", "-d", "-s", "demo", "-x", "110", "-y", "50", "-c", home, cmd);
    let pane = await waitForPane("demo", /Press ctrl\+d to leave the demo/, 20_000);
    expect(pane).toMatch(/pi demo: a scripted model on http:\/\/127\.0\.0\.1/);
    expect(pane).toMatch(/read src\/greet\.js/);
    expect(pane).toMatch(/\+const name = process\.argv\[2\] \?\? "world";/);
    expect(pane).toMatch(/\$ node src\/greet\.js Ada\s+Hello, Ada!/);
    expect(pane).toMatch(/\(demo\) scripted-model/);
    const workspace = /working in (\S+?)\s/.exec(pane.replace(/\n/g, ""))?.[1];
    keys("demo", "C-d");
    pane = await waitForPane("demo", /demo exited with 0/);
    expect(pane).toMatch(/That was pi demo\.\nTo use a real model:/);
    expect(pane).toMatch(/\/login/);
    if (workspace) expect(existsSync(workspace)).toBe(false);
  });
});
