// The file tools' safety through the real CLI against the loopback simulator: a model reading a
// FIFO gets a refusal (pi -p finishes instead of hanging), a model writing through a hard link
// keeps both names in step, and `pi --mode rpc` answers `abort` while a tool runs and ends
// promptly on SIGTERM, also right after a FIFO was named (no pool thread left stuck in an open).
import { execFileSync } from "node:child_process";
import { linkSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

const MODEL = ["--provider", "sim", "--model", "sim-model"];

/** Resolves with the exit code and signal; rejects if the process is still running at the deadline. */
function exited(rpc: RpcProcess, ms = 10_000): Promise<{ code: number | null; signal: string | null }> {
  const child = rpc.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pi did not exit within ${ms} ms; stderr: ${rpc.stderr}`));
    }, ms);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

describe("file tools through the spawned CLI", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("pi -p: read of a FIFO is refused and the run finishes; write keeps a hard link in step", async () => {
    const { project, agentDir } = makeProject(sim.url);
    execFileSync("mkfifo", [join(project, "events.pipe")]);
    linkSync(join(project, "src", "app.js"), join(project, "app-link.js"));
    sim.script(
      { toolCalls: [{ name: "read", arguments: { path: "events.pipe" } }] },
      { toolCalls: [{ name: "write", arguments: { path: "src/app.js", content: "console.log('bye');\n" } }] },
      { text: "done" },
    );
    const start = sim.requests.length;
    const r = await runCli([...MODEL, "-p", "look at the pipe, then rewrite the app"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    const last = sim.requests.slice(start).at(-1)!.body.messages as { role: string; content: string }[];
    const tools = last.filter((m) => m.role === "tool").map((m) => m.content);
    expect(tools[0]).toMatch(/events\.pipe is a FIFO \(named pipe\), not a regular file/);
    expect(tools[1]).toMatch(/Successfully wrote/);
    expect(readFileSync(join(project, "app-link.js"), "utf8")).toBe("console.log('bye');\n");
    expect(statSync(join(project, "app-link.js")).ino).toBe(statSync(join(project, "src", "app.js")).ino);
    expect(statSync(join(project, "events.pipe")).isFIFO()).toBe(true);
  });

  it("pi --mode rpc answers abort while a tool runs, after refusing a FIFO read", async () => {
    const { project, agentDir } = makeProject(sim.url);
    execFileSync("mkfifo", [join(project, "events.pipe")]);
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    sim.script({ toolCalls: [{ name: "read", arguments: { path: "events.pipe" } }] }, { text: "refused, fine" });
    await rpc.call({ type: "prompt", message: "read the pipe" });
    const refused = await rpc.waitFor((r) => r.type === "tool_execution_end");
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.result)).toMatch(/FIFO/);
    await rpc.waitFor((r) => r.type === "agent_end");

    sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 60" } }] });
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "wait a minute" });
    await rpc.waitFor((r) => r.type === "tool_execution_start", mark);
    expect(await rpc.call({ type: "abort" })).toMatchObject({ type: "response", command: "abort", success: true });
    const end = await rpc.waitFor((r) => r.type === "tool_execution_end", mark);
    expect(end.isError).toBe(true);
    await rpc.waitFor((r) => r.type === "agent_end", mark);
    expect(await rpc.close()).toBe(0);
  });

  it("SIGTERM ends pi --mode rpc promptly while a tool runs", async () => {
    const { project, agentDir } = makeProject(sim.url);
    execFileSync("mkfifo", [join(project, "events.pipe")]);
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    sim.script(
      { toolCalls: [{ name: "read", arguments: { path: "events.pipe" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 60" } }] },
    );
    await rpc.call({ type: "prompt", message: "read the pipe, then wait" });
    await rpc.waitFor((r) => r.type === "tool_execution_start" && r.toolName === "bash");
    rpc.child.kill("SIGTERM");
    expect(await exited(rpc)).toEqual({ code: 143, signal: null });
  });
});
