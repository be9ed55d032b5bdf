// Claude Code hooks through the real CLI (print mode) against the simulator: in a trusted project
// the hooks from pi's settings, .claude/settings.json and Codex's hooks.json fire with the
// documented stdin shape, exit code 2 blocks a call, updatedInput rewrites one, PostToolUse output
// reaches the model, a slow hook is stopped at its timeout and the Stop hook keeps the run going
// once; in a project that is not trusted none of them runs and the start-up warning names them.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { INPUT_SCHEMA as schema, logged, writeHooksProject } from "../plugins/hooks/hooks-project.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];

describe("hooks through the spawned CLI", () => {
  const env = simProjects();
  const script = () =>
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "rm -rf nothing-here" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo original" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
      { text: "done" },
      { text: "finished" },
    );
  const home = (root: string) => ({ CLAUDE_CONFIG_DIR: join(root, "no-claude"), CODEX_HOME: join(root, "no-codex") });

  it("run in a trusted project: documented input, block, rewrite, feedback, timeout, Stop", async () => {
    const { root, project, agentDir } = env.project();
    writeHooksProject(project);
    script();
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--trust", "-p", "hello hooks"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, ...home(root) },
      timeoutMs: 60_000,
    });
    expect(r.stdout).toBe("finished\n");
    expect(r.stderr).toMatch(/slow\.sh.*timed out after 0\.5 s/);
    const requests = env.sim.requests.slice(from).map((q) => JSON.stringify(q.body));
    expect(requests).toHaveLength(5);
    expect(requests[0]).toContain("UPS-CONTEXT");
    expect(requests[0]).toContain("SESSION-CONTEXT");
    expect(requests[1]).toContain("no rm here");
    expect(requests[2]).toContain("rewritten");
    expect(requests[2]).toContain("POST-FEEDBACK from the hook");
    expect(requests[3]).toContain("greeting");
    expect(requests[4]).toContain("KEEP-GOING");
    for (const event of ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart", "SessionEnd"]) {
      const inputs = logged(project, event);
      expect(inputs.length, event).toBeGreaterThan(0);
      const ajv = new Ajv({ allErrors: true, strict: false });
      const validate = ajv.compile({ allOf: [schema.common, { type: "object", ...schema.events[event] }] });
      for (const input of inputs) expect(validate(input), `${event}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    expect(logged(project, "SessionEnd")[0]).toMatchObject({ reason: "other", cwd: project });
  }, 90_000);

  it("do not run in a project that is not trusted", async () => {
    const { root, project, agentDir } = env.project();
    writeHooksProject(project);
    env.sim.script({ toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "ok" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-p", "hello"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, ...home(root) },
      timeoutMs: 60_000,
    });
    expect(r.stdout).toBe("ok\n");
    expect(r.stderr).toContain(".pi/settings.json hooks, .claude/settings.json hooks, .codex/hooks.json hooks");
    expect(JSON.stringify(env.sim.requests[from].body)).not.toContain("UPS-CONTEXT");
    expect(existsSync(join(project, "logs"))).toBe(false);
  }, 90_000);
});
