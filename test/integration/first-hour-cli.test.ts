// What a pi user notices in the first hour, through the spawned CLI: piped stdin before @file
// text, no session file from a run that got no answer, and which plugin a composition lacks.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

const REPO = join(import.meta.dirname, "..", "..");

/** Every file under dir (recursively), or [] when dir does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe("the first message and the first answer (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("puts piped stdin first, then the @file text, then the message, joined as pi joins them", async () => {
    const { project, agentDir } = makeProject(sim.url);
    writeFileSync(join(project, "notes.txt"), "FILE BODY\n");
    sim.script({ text: "ok" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "@notes.txt", "the message"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      input: "  PIPED  \n",
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("ok\n");
    const user = sim.requests[start].body.messages.find((m: { role: string }) => m.role === "user");
    // pi 0.73.1 sends exactly this: stdin trimmed, no separators added.
    expect(user.content).toBe(`PIPED<file name="${join(project, "notes.txt")}">\nFILE BODY\n\n</file>\nthe message`);
  });

  it("writes no session file when the run fails with no model selected", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { rmSync } = await import("node:fs");
    rmSync(join(agentDir, "models.json"));
    const r = await runCli(["-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No model selected/);
    expect(filesUnder(join(agentDir, "sessions"))).toEqual([]);
  });

  it("still writes the session at the first real answer", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "answer" });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    expect(filesUnder(join(agentDir, "sessions")).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
  });

  it("names the plugin a composition lacks for the mode asked for, without suggesting -p", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const packages = join(root, "no-print.json");
    writeFileSync(packages, JSON.stringify({ packages: [join(REPO, "plugins", "models")] }));
    const r = await runCli(["--packages", packages, "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the agent composed by ${packages} has no plugin providing the "print" mode`);
    expect(r.stderr).toContain("@pi-kernel/mode-print");
    expect(r.stderr).toContain("./plugins/mode-print");
    expect(r.stderr).not.toContain("Use -p");
  });
});
