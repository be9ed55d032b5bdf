// Typos on the command line are errors that name what was probably meant: an unknown flag
// (`--contineu`) exits 2 before anything runs, and a misspelt provider names the close one instead
// of reporting a missing model.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const s = simProjects();

describe("typos", () => {
  it("--contineu is refused with a did-you-mean; --provider antropic names anthropic and sim", async () => {
    const p = s.project();
    const env = { PI_CODING_AGENT_DIR: p.agentDir };
    const flag = await runCli(["--contineu", "-p", "hi"], { cwd: p.project, env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--contineu.*did you mean --continue\?/);
    expect(flag.stderr).not.toMatch(/no message/i);

    const provider = await runCli(["--provider", "antropic", "--model", "claude-sonnet-4-5", "-p", "hi"], { cwd: p.project, env });
    expect(provider.code).toBe(1);
    expect(provider.stderr).toMatch(/Unknown provider "antropic" \(did you mean anthropic\?\)/);
    const model = await runCli(["--provider", "sim", "--model", "sim-modle", "-p", "hi"], { cwd: p.project, env });
    expect(model.code).toBe(1);
    expect(model.stderr).toMatch(/"sim-modle" \(provider sim\) was not found \(did you mean sim-model\?\)/);
    expect(s.sim.requests).toHaveLength(0);
  });
});
