// Background jobs through the real CLI against the loopback simulator. One print run: a tiny
// dev server started with bash `run_in_background` answers on its port while the model keeps
// working (the simulator's script fetches it between turns); its exit reaches the next request
// as a notice; `jobs output` pages; `jobs kill` ends a whole tree (checked pid by pid). RPC runs:
// no job outlives an agent ended by SIGTERM or SIGHUP, or killed with SIGKILL (the guard process).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alive, lastTool, seen } from "../support/request-text.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const hasBwrap = (() => {
  try {
    execFileSync("bwrap", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const SERVER = new URL("../fixtures/jobs/dev-server.mjs", import.meta.url).pathname;

/** Pids in process group `pgid` (none once the job's whole group is gone). */
function groupMembers(pgid: number): number[] {
  const out = execFileSync("ps", ["-A", "-o", "pid=", "-o", "pgid="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([, g]) => g === pgid)
    .map(([p]) => p);
}
async function gone(pgid: number, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (groupMembers(pgid).length === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.runIf(process.platform !== "win32")("background jobs through the spawned CLI", () => {
  const env = simProjects();

  it("a dev server answers while the model works; its exit is told; output pages; kill ends the whole tree", async () => {
    const { project, agentDir } = env.project();
    copyFileSync(SERVER, join(project, "server.mjs"));
    const answers: string[] = [];
    let port = 0;
    let treePids: number[] = [];
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "node server.mjs", run_in_background: true } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "wait", id: "job-1", pattern: "^listening on", timeout: 15 } }] },
      async (req) => {
        // The model "keeps working": while it does, the server answers on its port.
        port = Number(/listening on (\d+)/.exec(lastTool(req.body))?.[1]);
        answers.push(await (await fetch(`http://127.0.0.1:${port}/`)).text());
        return { toolCalls: [{ name: "bash", arguments: { command: "seq 1 3000", run_in_background: true } }] };
      },
      async (req) => {
        const pid = Number(/job-1 \(pid (\d+)\)/.exec(seen(req.body))?.[1]);
        await (await fetch(`http://127.0.0.1:${port}/quit`)).text();
        while (alive(pid)) await new Promise((r) => setTimeout(r, 20));
        // A foreground command that outlasts the server: its exit arrives while the model works.
        return { toolCalls: [{ name: "bash", arguments: { command: "sleep 0.3; echo still working" } }] };
      },
      { toolCalls: [{ name: "jobs", arguments: { action: "output", id: "job-2", offset: 2990 } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "output", id: "job-2" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 300 & sleep 301 & echo started; wait", run_in_background: true } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "kill", id: "job-3" } }] },
      (req) => {
        treePids = (/processes ([\d, ]+)/.exec(lastTool(req.body))?.[1] ?? "").split(", ").map(Number);
        return { toolCalls: [{ name: "jobs", arguments: { action: "list" } }] };
      },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-p", "start the server"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 20_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("done\n");
    const reqs = env.sim.requests.slice(from).map((q) => q.body);
    expect(lastTool(reqs[1])).toMatch(/^Started background job job-1 \(pid \d+\); it is running\.\n/);
    expect(lastTool(reqs[2])).toMatch(/^job-1 printed a matching line:\nlistening on \d+$/);
    expect(answers).toEqual(["hello from the dev server"]);
    // The server's exit reached the next request, as a short notice with its last lines.
    expect(lastTool(reqs[4])).toMatch(/still working/);
    expect(seen(reqs[4])).toMatch(
      /Background job job-1 \(`node server.mjs`\) exited with code 7 after \d+s\.\nLast lines:\nlistening on \d+\nquitting/,
    );
    // Paging: from an offset, and the tail with where it sits in the whole output.
    expect(lastTool(reqs[5])).toMatch(/^job-2 exited with code 0\n2990\n2991\n[\s\S]*\n3000\n\[Showing lines 2990-3000 of 3000\. Full/);
    expect(lastTool(reqs[6])).toMatch(/\n3000\n\[Showing lines 1001-3000 of 3000\. Full output: .*job-2\.log\]$/);
    // Kill: the shell and both sleeps were found and are gone.
    expect(treePids.length).toBeGreaterThanOrEqual(3);
    expect(treePids.filter(alive)).toEqual([]);
    expect(lastTool(reqs[9])).toMatch(/job-1 {2}exited \(7\)[\s\S]*job-3 {2}killed/);
  });

  it.runIf(process.platform === "linux")("a background job under --sandbox stays sandboxed", async (ctx) => {
    if (!hasBwrap) return ctx.skip(); // needs bubblewrap (.ci/run installs it)
    const { project, agentDir } = env.project();
    // Outside /tmp: the sandbox's /tmp is private, so a write there would vanish rather than fail.
    const outside = mkdtempSync("/var/tmp/pik-jobs-");
    env.sim.script(
      {
        toolCalls: [
          { name: "bash", arguments: { command: `echo x > ${outside}/escaped; echo inside > in.txt; echo done`, run_in_background: true } },
        ],
      },
      { toolCalls: [{ name: "jobs", arguments: { action: "wait", id: "job-1", timeout: 10 } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--sandbox", "workspace-write", "-p", "go"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("done\n");
    const waited = lastTool(env.sim.requests.slice(from)[2].body);
    expect(waited).toMatch(/Read-only file system/);
    expect(waited).toMatch(/done$/);
    expect(existsSync(join(outside, "escaped"))).toBe(false);
    rmSync(outside, { recursive: true, force: true });
    expect(existsSync(join(project, "in.txt"))).toBe(true);
  });

  /** An RPC agent whose model started `command` as a background job; the job's process group. */
  async function jobOverRpc(command: string): Promise<{ rpc: RpcProcess; pgid: number }> {
    const { project, agentDir } = env.project();
    env.sim.script({ toolCalls: [{ name: "bash", arguments: { command, run_in_background: true } }] }, { text: "running" });
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const started = rpc.waitFor((e) => e.type === "job_start");
    await rpc.call({ type: "prompt", message: "start it" });
    const pgid = (await started).job.pid as number;
    await rpc.waitFor((e) => e.type === "agent_end");
    return { rpc, pgid };
  }

  it("RPC kill_job names the job in jobId, so the response keeps the command's own id", async () => {
    const { rpc, pgid } = await jobOverRpc("sleep 297");
    const killed = await rpc.call({ type: "kill_job", jobId: "job-1" });
    expect(killed).toMatchObject({ success: true, data: { job: { id: "job-1" } } });
    expect(await gone(pgid)).toBe(true);
    await rpc.close();
  });

  it("/new (RPC new_session) ends the session's jobs", async () => {
    const { rpc, pgid } = await jobOverRpc("sleep 298");
    expect((await rpc.call({ type: "new_session" })).success).toBe(true);
    expect(await gone(pgid)).toBe(true);
    await rpc.close();
  });

  for (const signal of ["SIGTERM", "SIGHUP", "SIGKILL"] as const) {
    it(`no job outlives an agent ended by ${signal}`, async () => {
      const { rpc, pgid } = await jobOverRpc("sleep 300 & sleep 301 & echo up; wait");
      expect(groupMembers(pgid).length).toBeGreaterThanOrEqual(2);
      const list = await rpc.call({ type: "get_jobs" });
      expect(list.data.jobs).toMatchObject([{ id: "job-1", state: "running", pid: pgid }]);
      rpc.child.kill(signal);
      expect(await gone(pgid)).toBe(true);
    });
  }
});
