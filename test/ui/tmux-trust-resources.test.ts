// A project that brings subagents and an MCP server, opened in the real `pi` (tmux): the trust
// prompt comes up naming them, and declining leaves a warning that says what was not loaded.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, simProject, tmuxServer, type SimProject } from "../support/tmux.js";

const { run: tmux, keys, waitForPane, kill } = tmuxServer("pik-trust-res");

describe.skipIf(!hasTmux)("pi in tmux: project resources that need trust", () => {
  let fx: SimProject;
  beforeAll(async () => {
    fx = await simProject();
  });
  afterAll(async () => {
    kill();
    await fx?.close();
  });

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
});
