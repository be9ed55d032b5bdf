// Ctrl+B's machinery in a real kernel (tools-core's bash, the jobs plugin, real processes): a
// foreground bash call offered to the jobs service is handed over while it runs, and the call
// returns at once with the job id and the output so far. The job is the same process: its
// `timeout` no longer applies, its output goes on into the job's file after what it printed
// before (also when that had already spilled to a file), and its exit reaches the model as any
// job's does. A command that has ended is no longer on offer.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import jobs from "../../plugins/jobs/index.js";
import toolsCore from "../../plugins/tools-core/index.js";
import userBash from "../../plugins/user-bash/index.js";
import { lastResult, startKernel, until } from "../kernel/harness.js";
import { textOf } from "../support/request-text.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "pik-fg-"));
  dirs.push(d);
  return d;
};
/** What the running tool has streamed so far. */
const streamed = (events: { type: string }[]) =>
  events
    .filter((e) => e.type === "tool_execution_update")
    .map((e) => textOf((e as { partialResult?: { content?: unknown } }).partialResult?.content))
    .at(-1) ?? "";

describe.runIf(process.platform !== "win32")("sending a foreground bash call to the background", () => {
  it("the same process goes on as a job past its timeout; its output is kept whole and its exit is told", async () => {
    const h = await startKernel([toolsCore, jobs], { cwd: tempDir() });
    const service = h.kernel.service("shellJobs")!;
    h.sim.push(
      {
        toolCalls: [{ name: "bash", arguments: { command: "for i in $(seq 1 15); do echo tick $i; sleep 0.1; done; exit 3", timeout: 1 } }],
      },
      { text: "moved" },
    );
    const turn = h.kernel.actions.prompt("count");
    await until(() => /tick 2/.test(streamed(h.events)), "the first ticks");
    expect(service.foreground().map((c) => c.command)).toEqual([expect.stringMatching(/^for i in/)]);
    const id = await service.foreground()[0].toBackground();
    expect(id).toBe("job-1");
    await turn;
    const result = lastResult(h);
    expect(result).toMatch(/^The user moved this command to the background as job job-1 \(pid \d+\); it is still running\.\n/);
    expect(result).toMatch(/Output so far \(the end of it\):\ntick 1\ntick 2\n/);
    expect(service.foreground()).toEqual([]);
    // Past the 1 s timeout the foreground run had, it counts on to the end and exits by itself.
    await until(() => service.list()[0]?.state === "exited", "the job's exit", 10_000);
    expect(service.list()[0]).toMatchObject({ id: "job-1", exitCode: 3 });
    const log = readFileSync(service.list()[0].outputPath, "utf8");
    expect(log).toBe(Array.from({ length: 15 }, (_, i) => `tick ${i + 1}\n`).join(""));
    const last = () => h.kernel.agent.messages.map((m) => textOf((m as { content?: unknown }).content)).at(-1) ?? "";
    await until(() => last().startsWith("Background job"), "the exit notice");
    const notice = last();
    expect(notice).toMatch(/^Background job job-1 \(`for i in .*`\) exited with code 3 after \d+s\.\nLast lines:\n[\s\S]*tick 15$/);
    await h.kernel.stop();
  });

  it("output that had spilled to a file moves into the job's file whole; an ended command is not on offer", async () => {
    const h = await startKernel([toolsCore, jobs], { cwd: tempDir() });
    const service = h.kernel.service("shellJobs")!;
    h.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: "seq 1 30000; echo done; sleep 297" } }] },
      { text: "moved" },
      { toolCalls: [{ name: "bash", arguments: { command: "echo quick" } }] },
      { text: "ran" },
    );
    const turn = h.kernel.actions.prompt("print a lot");
    await until(() => /\ndone$/.test(streamed(h.events).trim()), "all of its output");
    expect(await service.foreground()[0].toBackground()).toBe("job-1");
    await turn;
    const [job] = service.list();
    // 30,000 lines are far more than bash keeps in memory: the start came from its spill file.
    const log = readFileSync(job.outputPath, "utf8").split("\n");
    expect(log.length).toBe(30002);
    expect(log.slice(0, 2)).toEqual(["1", "2"]);
    expect(log.slice(-3)).toEqual(["30000", "done", ""]);
    await service.kill("job-1");
    await h.kernel.actions.prompt("again");
    expect(lastResult(h)).toBe("quick");
    expect(service.foreground()).toEqual([]);
    await h.kernel.stop();
  });

  it("the user's own !cmd goes to the background too, and the conversation records the job", async () => {
    const h = await startKernel([toolsCore, userBash, jobs], { cwd: tempDir() });
    const service = h.kernel.service("shellJobs")!;
    let tail = "";
    const run = h.kernel.service("userBash")!.run("echo one; echo two; sleep 297", { onData: (t) => void (tail = t) });
    await until(() => tail.includes("two"), "its first lines");
    expect(await service.foreground()[0].toBackground()).toBe("job-1");
    const result = await run;
    expect(result).toMatchObject({
      output: "one\ntwo\n\n[Moved to the background as job-1 (still running); /jobs shows it]",
      cancelled: false,
    });
    expect(service.list()).toMatchObject([{ id: "job-1", state: "running", command: "echo one; echo two; sleep 297" }]);
    await until(() => h.kernel.agent.messages.some((m) => m.role === ("bashExecution" as string)), "the bashExecution message");
    await service.kill("job-1");
    await h.kernel.stop();
  });
});
