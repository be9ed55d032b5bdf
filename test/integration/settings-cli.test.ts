// Choices outlive the process: a model and thinking level picked in one run of the real CLI are
// the defaults of the next run, while --model on the command line is never written. And
// `/settings` works headless (`pi -p "/settings key value"`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { writeTwoModels } from "../support/scenario.mjs";
import { simProjects } from "../support/sim-projects.js";
import { RpcProcess } from "../support/rpc-process.js";

describe("settings across runs (spawned CLI)", () => {
  const sims = simProjects();

  const project = () => {
    const p = sims.project();
    writeTwoModels(p.agentDir, sims.sim.url);
    return { ...p, settings: join(p.agentDir, "settings.json"), env: { PI_CODING_AGENT_DIR: p.agentDir } };
  };

  it("remembers the model and thinking level chosen in one run as the next run's defaults", async () => {
    const p = project();
    const first = new RpcProcess(["--model", "sim-model", "--no-session"], { cwd: p.project, env: p.env });
    expect((await first.call({ type: "get_state" })).data.model.id).toBe("sim-model");
    expect(existsSync(p.settings)).toBe(false); // --model is not a choice to remember
    expect(await first.call({ type: "set_model", provider: "sim", modelId: "sim-other" })).toMatchObject({ success: true });
    expect(await first.call({ type: "set_thinking_level", level: "high" })).toMatchObject({ success: true });
    expect(await first.call({ type: "set_steering_mode", mode: "all" })).toMatchObject({ success: true });
    expect(await first.call({ type: "set_auto_compaction", enabled: false })).toMatchObject({ success: true });
    expect(await first.close()).toBe(0);
    expect(JSON.parse(readFileSync(p.settings, "utf8"))).toEqual({
      defaultProvider: "sim",
      defaultModel: "sim-other",
      defaultThinkingLevel: "high",
      steeringMode: "all",
      compaction: { enabled: false },
    });

    const second = new RpcProcess(["--no-session"], { cwd: p.project, env: p.env });
    expect((await second.call({ type: "get_state" })).data).toMatchObject({
      model: { provider: "sim", id: "sim-other" },
      thinkingLevel: "high",
      steeringMode: "all",
      autoCompactionEnabled: false,
    });
    expect(await second.close()).toBe(0);
  });

  it("sets and lists settings headless with /settings", async () => {
    const p = project();
    writeFileSync(p.settings, JSON.stringify({ packages: [], quietStartup: false }));
    const set = await runCli(["-p", "--no-session", "/settings theme light"], { cwd: p.project, env: p.env });
    expect(set.stderr).toBe("");
    expect(set.stdout).toBe("Theme: light\n");
    const list = await runCli(["-p", "--no-session", "/settings"], { cwd: p.project, env: p.env });
    expect(list.stdout).toMatch(/theme\s+light\s+dark \/ light/);
    expect(JSON.parse(readFileSync(p.settings, "utf8"))).toEqual({ packages: [], quietStartup: false, theme: "light" });

    writeFileSync(p.settings, "{ broken");
    const refused = await runCli(["-p", "--no-session", "/settings quietStartup on"], { cwd: p.project, env: p.env });
    expect(refused.stderr).toContain(`${p.settings}:1:3: invalid JSON`);
    expect(refused.stderr).toContain("not overwriting it");
    expect(readFileSync(p.settings, "utf8")).toBe("{ broken");
  });

  it("reports a broken settings.json once, with file:line:column and the keys it holds, and goes on without it", async () => {
    const p = project();
    // The error is on line 3 (a trailing comma before "}"); JSON.parse alone gives no position.
    writeFileSync(p.settings, '{\n  "theme": "light",\n  "quietStartup": true, }\n');
    const r = await runCli(["-p", "--no-session", "/settings"], { cwd: p.project, env: p.env });
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n").filter((l) => l.includes(`${p.settings}:3:25: invalid JSON`) && l.includes("ignoring the file"));
    // Once for the agent, however many readers met it (the permissions plugin adds what it means for its rules).
    expect(lines).toEqual([
      expect.stringMatching(/invalid JSON \(property name expected\); ignoring the file: theme, quietStartup not applied/),
    ]);
    expect(r.stderr).not.toContain('quietStartup": true'); // the file's content is not echoed
  });

  it("names the key and the expected type of a declared setting with a value of the wrong type", async () => {
    const p = project();
    const projectSettings = join(p.project, ".pi", "settings.json");
    writeFileSync(p.settings, JSON.stringify({ sandbox: { network: "yes" } }));
    mkdirSync(join(p.project, ".pi"), { recursive: true });
    writeFileSync(projectSettings, JSON.stringify({ permissions: { deny: "Bash" } }));
    const r = await runCli(["-p", "--no-session", "/settings"], { cwd: p.project, env: p.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${p.settings}: "sandbox.network" is "yes"; expected boolean`);
    expect(r.stderr).toContain(`${projectSettings}: "permissions.deny" is "Bash"; expected an array of string`);
  });
});
