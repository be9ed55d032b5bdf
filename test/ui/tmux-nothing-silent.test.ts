// What used to pass in silence, seen in the real `pi` (tmux): a project that brings subagents
// and an MCP server brings up the trust prompt naming them, and declining leaves a warning that
// says what was not loaded; a broken extension fixed while pi runs gets a one-line reload notice,
// and /diagnostics no longer lists its old error.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, suiteProject, tmuxServer } from "../support/tmux.js";

const { run: tmux, keys, type, waitForPane, kill } = tmuxServer("pik-silent");

describe.skipIf(!hasTmux)("pi in tmux: nothing passes in silence", () => {
  const fx = suiteProject(kill);

  it("asks about .pi/agents and .mcp.json, and names them when declined", async () => {
    const project = join(fx.root, "with-agents");
    mkdirSync(join(project, ".pi", "agents"), { recursive: true });
    writeFileSync(join(project, ".pi", "agents", "reviewer.md"), "---\nname: reviewer\ndescription: Reviews\n---\nReview the change.\n");
    writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { db: { command: "db-server-that-is-not-there" } } }));
    const cmd = `PI_CODING_AGENT_DIR='${fx.agentDir}' '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model; sleep 30`;
    tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", "-c", project, cmd);
    const prompt = await waitForPane("t", /Load\s+them\?/);
    expect(prompt).toMatch(/Trust this folder\?/);
    expect(prompt).toMatch(/\.pi\/agents/);
    keys("t", "Escape");
    const pane = await waitForPane("t", /Not loaded \(folder not trusted\)/);
    expect(pane).toMatch(/Not loaded \(folder not trusted\): \.mcp\.json, \.pi\/agents/);
  });

  it("a fixed extension gets a reload notice and its error leaves /diagnostics", async () => {
    const dir = join(fx.agentDir, "extensions");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "greeter.ts");
    writeFileSync(file, "export default function (pi) {\n  pi.registerCommand('greet', {\n");
    const cmd = `PI_CODING_AGENT_DIR='${fx.agentDir}' '${process.execPath}' '${PI_BIN}' --provider sim --model sim-model; sleep 30`;
    tmux("new-session", "-d", "-s", "r", "-x", "120", "-y", "40", "-c", fx.project, cmd);
    await waitForPane("r", (p) => /greeter\.ts/.test(p) && /\(sim\) sim-model/.test(p));
    // The watcher is up a moment after the screen: the fix is written again (a new revision) until it is seen.
    let revision = 0;
    const fix = () =>
      writeFileSync(
        file,
        `export default function (pi) {\n  pi.registerCommand('greet', { handler: async () => {} });\n}\n// ${revision++}\n`,
      );
    let polls = 0;
    let pane = await waitForPane("r", (p) => /Reloaded greeter/.test(p) || (polls++ % 10 === 0 && fix(), false));
    type("r", "/diagnostics");
    keys("r", "Enter");
    pane = await waitForPane("r", /No diagnostics in this run|Diagnostics of this run/);
    expect(pane.slice(pane.search(/No diagnostics in this run|Diagnostics of this run/))).not.toMatch(/greeter/);
  });
});
