// Background jobs through the real `pi --mode acp`, driven by the ACP SDK's client: initialize
// advertises the jobs extension in `_meta`; a `run_in_background` call runs as a job even though
// the client offers terminals (a terminal would hold the call until the server ends); the
// extension methods list and kill jobs, and every job event reaches the client as an
// `_pi-kernel/jobs/event` notification, between prompts too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";
import { AcpClient } from "../fixtures/acp/client.js";

type JobEvent = { sessionId: string; type: string; job: { id: string; state: string; pid: number; exitCode?: number | null } };

/** The job notifications pi wrote to its stdout so far. */
function jobEvents(client: AcpClient): JobEvent[] {
  return client.stdout
    .split("\n")
    .filter((l) => l.includes(`"method":"_pi-kernel/jobs/event"`))
    .map((l) => (JSON.parse(l) as { params: JobEvent }).params);
}
async function until<T>(get: () => T | undefined, what: string): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(process.platform !== "win32")("jobs over ACP (spawned CLI, SDK client)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("advertises the extension, lists and kills jobs, and notifies their events", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const client = new AcpClient(["--provider", "sim", "--model", "sim-model"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const init = await client.initialize({ terminal: true });
    expect(init.agentCapabilities?._meta).toEqual({
      "pi-kernel": { jobs: { list: "_pi-kernel/jobs/list", kill: "_pi-kernel/jobs/kill", event: "_pi-kernel/jobs/event" } },
    });
    const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "echo up; sleep 296", run_in_background: true } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 0.2; exit 5", run_in_background: true } }] },
      { text: "both started" },
    );
    expect((await client.prompt(sessionId, [{ type: "text", text: "start them" }])).stopReason).toBe("end_turn");
    expect(client.terminals).toEqual([]); // not run in the client's terminal
    // job-2 exits after the turn: its event arrives between prompts.
    await until(() => jobEvents(client).find((e) => e.type === "job_exit" && e.job.id === "job-2"), "job-2's exit");
    const list = await client.agent.request<{ jobs: JobEvent["job"][] }>("_pi-kernel/jobs/list", {});
    expect(list.jobs).toMatchObject([
      { id: "job-1", state: "running", command: "echo up; sleep 296" },
      { id: "job-2", state: "exited", exitCode: 5 },
    ]);
    const killed = await client.agent.request<{ job: JobEvent["job"] }>("_pi-kernel/jobs/kill", { id: "job-1" });
    expect(killed.job).toMatchObject({ id: "job-1", state: "killed" });
    expect(() => process.kill(killed.job.pid, 0)).toThrow();
    await expect(client.agent.request("_pi-kernel/jobs/kill", {})).rejects.toThrow();
    await until(() => jobEvents(client).find((e) => e.type === "job_exit" && e.job.id === "job-1"), "job-1's end");
    expect(jobEvents(client).map((e) => [e.sessionId === sessionId, e.type, e.job.id, e.job.state])).toEqual([
      [true, "job_start", "job-1", "running"],
      [true, "job_start", "job-2", "running"],
      [true, "job_exit", "job-2", "exited"],
      [true, "job_exit", "job-1", "killed"],
    ]);
    expect(await client.close()).toBe(0);
  });
});
