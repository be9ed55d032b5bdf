// What a pi user notices in the first hour, through the real CLI: a skill written just before a
// request is in that request's system prompt (RPC, watching), RPC's cycle_model keeps the
// preferred thinking level across a model without reasoning, and a broken SKILL.md's YAML error
// is reported whole (reason, line, column, file).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { makeProject, writeTwoModels } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

const skillMd = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nDo it.\n`;

describe("the first hour, through the CLI", () => {
  let sim: Simulator;
  const roots: string[] = [];
  const project = () => {
    const dirs = makeProject(sim.url);
    roots.push(dirs.root);
    return dirs;
  };
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it("RPC: a skill created (and one edited) right before a prompt is in that request's system prompt", async () => {
    const { project: cwd, agentDir } = project();
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model"], { cwd, env: { PI_CODING_AGENT_DIR: agentDir } });
    try {
      const ask = async (message: string) => {
        const from = rpc.records.length;
        sim.script({ text: "ok" });
        const before = sim.requests.length;
        await rpc.call({ type: "prompt", message });
        await rpc.waitFor((r) => r.type === "agent_end", from);
        return sim.requests[before].rawBody;
      };
      // Only pi-kernel's built-in skills so far.
      expect(await ask("hello")).not.toContain("<name>deploy</name>");
      // Written and used at once: no time for the watcher to report it.
      const file = join(cwd, ".pi", "skills", "deploy", "SKILL.md");
      mkdirSync(join(cwd, ".pi", "skills", "deploy"), { recursive: true });
      writeFileSync(file, skillMd("deploy", "Deploy the app to staging"));
      expect(await ask("first")).toContain("<name>deploy</name>");
      writeFileSync(file, skillMd("deploy", "Deploy the app to production"));
      const body = await ask("second");
      expect(body).toContain("Deploy the app to production");
      expect(body).not.toContain("staging");
    } finally {
      await rpc.close();
    }
  });

  it("RPC: cycle_model clamps the level for a model without reasoning and restores the preferred one", async () => {
    const { project: cwd, agentDir } = project();
    writeTwoModels(agentDir, sim.url);
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultThinkingLevel: "high" }));
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-other", "--thinking", "high"], {
      cwd,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    try {
      expect((await rpc.call({ type: "get_state" })).data).toMatchObject({ model: { id: "sim-other" }, thinkingLevel: "high" });
      expect((await rpc.call({ type: "cycle_model" })).data).toMatchObject({ model: { id: "sim-model" }, thinkingLevel: "off" });
      expect((await rpc.call({ type: "cycle_model" })).data).toMatchObject({ model: { id: "sim-other" }, thinkingLevel: "high" });
      // set_model agrees.
      await rpc.call({ type: "set_model", provider: "sim", modelId: "sim-model" });
      await rpc.call({ type: "set_model", provider: "sim", modelId: "sim-other" });
      expect((await rpc.call({ type: "get_state" })).data).toMatchObject({ thinkingLevel: "high" });
    } finally {
      await rpc.close();
    }
  });

  it("a SKILL.md with broken YAML: the warning names the file and carries the whole reason", async () => {
    const { project: cwd, agentDir } = project();
    mkdirSync(join(cwd, ".pi", "skills", "broken"), { recursive: true });
    const file = join(cwd, ".pi", "skills", "broken", "SKILL.md");
    writeFileSync(file, "---\nname: broken\ndescription: Broken\n  extra: indented\n---\nBody.\n");
    sim.script({ text: "ok" });
    const result = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(result.code).toBe(0);
    const warning = result.stderr.split("\n").find((l) => l.includes(file));
    expect(warning).toBe(
      `pi: warning: ${file}: frontmatter cannot be parsed: bad indentation of a mapping entry (line 4, column 8: "  extra: indented")`,
    );
  });
});
