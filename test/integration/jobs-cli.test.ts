// Headless jobs through the real CLI against the loopback simulator (issue 32): each limit stops a
// looping model at the right point with exit 2 and a session `pi -c` resumes; an output schema is
// enforced (valid, corrected, still invalid → exit 1); `pi run` writes result.json, changes.patch,
// events.jsonl and the session for done, failed, limit and interrupted runs; the patch applies to a
// copy of the starting workspace (not a git repository); ask mode with nobody to answer exits 3.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { atifProblems } from "../support/atif-schema.js";
import { PI_BIN, runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const loop = (n: number, command = "echo again") =>
  Array.from({ length: n }, () => ({ toolCalls: [{ name: "bash", arguments: { command } }] }));
const FILES = ["result.json", "changes.patch", "events.jsonl", "session.jsonl"];

function readResult(out: string): Record<string, any> {
  for (const f of FILES) expect(existsSync(join(out, f)), f).toBe(true);
  return JSON.parse(readFileSync(join(out, "result.json"), "utf8"));
}

describe("limits through the CLI", () => {
  const env = simProjects();

  it("--max-turns stops a looping model after N turns (exit 2); pi -c resumes the session", async () => {
    const { project, agentDir } = env.project();
    // Exactly three loop turns, then an answer: a fourth request would end the run with exit 0.
    env.sim.script(...loop(3), { text: "should not be asked" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--max-turns", "3", "-p", "loop"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stderr).toContain("stopped: max turns (3) reached");
    expect(r.code).toBe(2);
    expect(env.sim.requests.length - from).toBe(3);
    const again = await runCli([...MODEL, "-c", "-p", "go on"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(again.stdout).toBe("should not be asked\n");
    expect(again.code).toBe(0);
    // The three turns (each a tool call and its result) are in the resumed request.
    const body = env.sim.requests.at(-1)!.body as { messages: { role: string }[] };
    expect(body.messages.filter((m) => m.role === "tool")).toHaveLength(3);
  });

  it("--max-cost counts the models' prices: a task's limits.maxCost stops after the turn that crosses it", async () => {
    const { agentDir, root } = env.project();
    // $1 per million input tokens and 1M input tokens a turn: each turn costs $1.
    const models = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"));
    models.providers.sim.models[0].cost = { input: 1, output: 0, cacheRead: 0, cacheWrite: 0 };
    writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
    const turn = { toolCalls: [{ name: "bash", arguments: { command: "echo again" } }], usage: { input: 1_000_000, output: 10 } };
    env.sim.script(turn, turn, turn);
    const task = join(root, "task.json");
    writeFileSync(task, JSON.stringify({ prompt: "loop", model: "sim/sim-model", limits: { maxCost: 2.5 }, cwd: "project" }));
    const out = join(root, "out");
    const r = await runCli(["run", "--task", task, "--out", out], { cwd: root, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(2);
    expect(readResult(out)).toMatchObject({
      status: "limit",
      turns: 3,
      usage: { cost: 3 },
      reason: "max cost ($2.5) reached: $3.0000 spent",
    });
  });
});

describe("pi run: the result contract", () => {
  const env = simProjects();

  it("done: the answer is corrected once to match the task's output schema; changes.patch (binary) applies to a copy of the start", async () => {
    const { project, agentDir, root } = env.project();
    writeFileSync(join(project, "old.txt"), "to be removed\n");
    const start = join(root, "start-copy");
    cpSync(project, start, { recursive: true });
    env.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"goodbye"' }] } }] },
      {
        toolCalls: [
          {
            name: "bash",
            arguments: { command: "printf '\\000\\001\\377binary' > data.bin && rm old.txt && mkdir -p new && echo hi > new/file.txt" },
          },
        ],
      },
      { text: "All done, the greeting is changed." },
      { text: '```json\n{"changed": true, "files": 4}\n```' },
    );
    const task = join(root, "task.json");
    const schema = {
      type: "object",
      properties: { changed: { type: "boolean" }, files: { type: "integer" } },
      required: ["changed", "files"],
    };
    writeFileSync(task, JSON.stringify({ id: "t1", prompt: "change it", model: "sim/sim-model", outputSchema: schema, cwd: "project" }));
    const out = join(root, "out");
    const from = env.sim.requests.length;
    const r = await runCli(["run", "--task", task, "--out", out], { cwd: root, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"changed":true,"files":4}\n');
    const result = readResult(out);
    expect(result).toMatchObject({ status: "done", exitCode: 0, final: { changed: true, files: 4 }, turns: 4 });
    expect(result.session.file).toContain(join(agentDir, "sessions"));
    // The model was told the schema, and told what was wrong with its first answer.
    const bodies = env.sim.requests.slice(from).map((q) => JSON.stringify(q.body));
    expect(bodies[0]).toContain('\\"required\\":[\\"changed\\",\\"files\\"]');
    expect(bodies[3]).toMatch(/Your final answer is not valid: the answer is not JSON/);
    const events = readFileSync(join(out, "events.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(events[0].type).toBe("session");
    expect(events.filter((e) => e.type === "tool_execution_end")).toHaveLength(2);
    const patch = readFileSync(join(out, "changes.patch"));
    expect(patch.toString()).toContain("GIT binary patch");
    const applied = spawnSync("git", ["apply", "--binary", join(out, "changes.patch")], { cwd: start, encoding: "utf8" });
    expect(applied.stderr).toBe("");
    for (const f of ["src/app.js", "data.bin", "new/file.txt"])
      expect(readFileSync(join(start, f))).toEqual(readFileSync(join(project, f)));
    expect(existsSync(join(start, "old.txt"))).toBe(false);
    // trajectory.json: the run as a Harbor trajectory (ATIF), each call answered by its result.
    expect(result.files.trajectory).toBe("trajectory.json");
    const trajectory = JSON.parse(readFileSync(join(out, "trajectory.json"), "utf8"));
    expect(atifProblems(trajectory)).toEqual([]);
    expect(trajectory.steps.map((s: { source: string }) => s.source)).toEqual(["user", "agent", "agent", "agent", "user", "agent"]);
    expect(trajectory.steps[1].tool_calls[0]).toMatchObject({ function_name: "edit", arguments: { path: "src/app.js" } });
    expect(trajectory.steps[1].observation.results[0].source_call_id).toBe(trajectory.steps[1].tool_calls[0].tool_call_id);
    expect(trajectory.agent).toMatchObject({ name: "pi-kernel", model_name: "sim/sim-model" });
  });

  it("failed: an answer still invalid after the correction exits 1, and the four files say why", async () => {
    const { project, agentDir, root } = env.project();
    writeFileSync(join(root, "schema.json"), JSON.stringify({ type: "array" }));
    env.sim.script({ text: "not json" }, { text: '{"still": "an object"}' });
    const out = join(root, "out");
    const r = await runCli(["run", "--out", out, ...MODEL, "--output-schema", join(root, "schema.json"), "list"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(readResult(out)).toMatchObject({
      status: "failed",
      reason: "--output-schema: the answer does not match the schema: (root) must be array",
    });
  });

  it("print mode with --output-schema: stdout is exactly the JSON", async () => {
    const { project, agentDir, root } = env.project();
    writeFileSync(join(root, "schema.json"), JSON.stringify({ type: "object", required: ["ok"] }));
    env.sim.script({ text: ' {"ok": 1} ' });
    const r = await runCli([...MODEL, "--output-schema", join(root, "schema.json"), "-p", "go"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe('{"ok":1}\n');
    expect(r.code).toBe(0);
  });

  it("ask mode in a job: the permission question has nobody to answer, so the run stops with exit 3", async () => {
    const { agentDir, root } = env.project();
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "x.txt", content: "x" } }] });
    const task = join(root, "task.json");
    writeFileSync(task, JSON.stringify({ prompt: "test", model: "sim/sim-model", permissionMode: "ask", cwd: "project" }));
    const out = join(root, "out");
    const r = await runCli(["run", "--task", task, "--out", out], { cwd: root, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(3);
    const result = readResult(out);
    expect(result.status).toBe("needs-approval");
    expect(result.reason).toMatch(/permission needed for write: x.txt \(permission mode ask\).*Edit\(x.txt\)/);
  });

  it("SIGTERM finishes the current turn, writes the result as interrupted (exit 143)", async () => {
    const { project, agentDir, root } = env.project();
    const out = join(root, "out");
    const child = spawn(process.execPath, [PI_BIN, "run", "--out", out, ...MODEL, "loop"], {
      cwd: project,
      env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
      stdio: "ignore",
    });
    // The signal arrives while the model's answer is being requested.
    env.sim.script(
      () => {
        child.kill("SIGTERM");
        return { toolCalls: [{ name: "bash", arguments: { command: "echo finished > done.txt" } }] };
      },
      { text: "not reached" },
    );
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(143);
    const result = readResult(out);
    expect(result).toMatchObject({ status: "interrupted", reason: "interrupted by SIGTERM", turns: 1 });
    expect(readFileSync(join(project, "done.txt"), "utf8")).toBe("finished\n");
    expect(readFileSync(join(out, "changes.patch"), "utf8")).toContain("+++ b/done.txt");
  });
});

// Its own simulator: the loop's unused turns stay queued.
describe("pi run: the time limit", () => {
  const env = simProjects();

  it("--max-time stops at the turn boundary after the deadline (pi run: status limit, four files)", async () => {
    const { project, agentDir, root } = env.project();
    env.sim.script(...loop(200, "sleep 0.2"));
    const out = join(root, "out-time");
    const r = await runCli(["run", "--out", out, ...MODEL, "--max-time", "1s", "loop"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(2);
    const result = readResult(out);
    expect(result).toMatchObject({ status: "limit", exitCode: 2, reason: "max time (1s) reached" });
    expect(result.turns).toBeGreaterThan(0);
    expect(result.turns).toBeLessThan(200);
  });
});
