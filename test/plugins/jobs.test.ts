// The jobs plugin in a real kernel with the real bash tool (tools-core) and real processes:
// typing into a job, a watched line and an exit told while the session is idle (kept in the
// conversation, or a new turn with jobs.autoContinue), a tree kill that finds a process which
// left the job's group, a detached job that outlives its agent and is listed again by the next
// one, and output paging checked as a property against the bash tool's truncation.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import jobs from "../../plugins/jobs/index.js";
import { pageFrom, pageTail } from "../../plugins/jobs/output-page.js";
import toolsCore from "../../plugins/tools-core/index.js";
import { truncateTail } from "../../lib/tool-kit/index.js";
import { type Harness, lastResult, startKernel, until } from "../kernel/harness.js";

const textOf = (c: unknown): string =>
  typeof c === "string" ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? "").join("\n") : "";
const notices = (h: Harness) =>
  h.kernel.agent.messages.filter((m) => m.role === ("custom" as string)).map((m) => textOf((m as { content: unknown }).content));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "pik-jobs-"));
  dirs.push(d);
  return d;
};

describe.runIf(process.platform !== "win32")("jobs plugin", () => {
  it("input reaches a job; a watched line and its exit are told, and kept in the conversation while idle", async () => {
    const h = await startKernel([toolsCore, jobs], { cwd: tempDir() });
    h.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: 'read a; echo "got $a"; read b; exit 4', run_in_background: true } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "notify", id: "job-1", pattern: "^got" } }] },
      { text: "waiting" },
      { toolCalls: [{ name: "job_input", arguments: { id: "job-1", input: "one\n" } }] },
      { text: "typed" },
    );
    await h.kernel.actions.prompt("start");
    expect(lastResult(h)).toMatch(/^You will be told when job-1 prints a line matching/);
    await h.kernel.actions.prompt("type");
    await until(() => h.types().includes("job_match"), "the watched line");
    await until(() => notices(h).length === 1, "its notice");
    h.sim.push({ toolCalls: [{ name: "job_input", arguments: { id: "job-1", input: "two\n", end: true } }] }, { text: "ok" });
    await h.kernel.actions.prompt("finish");
    await until(() => notices(h).length === 2, "the exit notice");
    expect(notices(h)[0]).toBe('Background job job-1 (`read a; echo "got $a"; read b; exit 4`) printed a line matching /^got/:\ngot one');
    expect(notices(h)[1]).toMatch(/^Background job job-1 \(`.*`\) exited with code 4 after \d+s\.\nLast lines:\ngot one$/);
    // Both wait in the conversation for the next request (the CLI test sees one arrive in a request).
    const roles = h.kernel.agent.messages.map((m) => m.role as string);
    expect(roles.at(-1)).toBe("custom");
    // Input to an ended job is refused clearly.
    h.sim.push({ toolCalls: [{ name: "job_input", arguments: { id: "job-1", input: "x" } }] }, { text: "k" });
    await h.kernel.actions.prompt("again");
    expect(lastResult(h)).toBe("Job job-1 is not running");
    await h.kernel.stop();
  });

  it("with jobs.autoContinue an exit while idle starts a turn", async () => {
    const h = await startKernel([toolsCore, jobs], { cwd: tempDir(), settings: { jobs: { autoContinue: true } } });
    h.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 1; echo finished", run_in_background: true } }] },
      { text: "started" },
      { text: "noted" },
    );
    await h.kernel.actions.prompt("go");
    await until(() => h.kernel.agent.messages.some((m) => m.role === "assistant" && textOf(m.content) === "noted"), "the new turn", 10_000);
    const roles = h.kernel.agent.messages.map((m) => m.role as string);
    expect(roles.slice(-2)).toEqual(["custom", "assistant"]);
    expect(notices(h)).toEqual([expect.stringMatching(/exited with code 0 after \d+s\.\nLast lines:\nfinished$/)]);
    await h.kernel.stop();
  });

  it("kill ends the whole tree, a process that left the job's group included", async () => {
    const h = await startKernel([toolsCore, jobs], { cwd: tempDir() });
    h.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: "setsid sleep 300 & sleep 301 & echo up; wait", run_in_background: true } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "wait", id: "job-1", pattern: "up", timeout: 10 } }] },
      { toolCalls: [{ name: "jobs", arguments: { action: "kill", id: "job-1" } }] },
      { text: "done" },
    );
    await h.kernel.actions.prompt("go");
    const pids = (/processes ([\d, ]+)/.exec(lastResult(h))?.[1] ?? "").split(", ").map(Number);
    expect(pids.length).toBeGreaterThanOrEqual(3);
    expect(pids.filter(alive)).toEqual([]);
    expect(h.types().filter((t) => t.startsWith("job_"))).toEqual(["job_start", "job_exit"]);
    await h.kernel.stop();
  });

  it("a detached job outlives its agent and the next agent of the session lists it; others end with the session", async () => {
    const cwd = tempDir();
    const agentDir = join(cwd, "agent");
    const a = await startKernel([toolsCore, jobs], { cwd, agentDir });
    a.kernel.actions.setSessionId("session-1");
    a.sim.push(
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 300", run_in_background: true, detach: true } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "sleep 299", run_in_background: true } }] },
      { text: "started" },
    );
    await a.kernel.actions.prompt("go");
    const [detached, attached] = a.kernel.service("shellJobs")!.list();
    await a.kernel.stop();
    await until(() => !alive(attached.pid), "the session's job to end");
    expect(alive(detached.pid)).toBe(true);
    const b = await startKernel([toolsCore, jobs], { cwd, agentDir });
    expect(b.kernel.service("shellJobs")!.list()).toEqual([]); // another session: not its job
    b.kernel.actions.setSessionId("session-1"); // resumed
    expect(b.kernel.service("shellJobs")!.list()).toMatchObject([{ id: "job-1", pid: detached.pid, state: "running", detach: true }]);
    b.sim.push({ toolCalls: [{ name: "jobs", arguments: { action: "kill", id: "job-1" } }] }, { text: "k" });
    await b.kernel.actions.prompt("stop it");
    expect(lastResult(b)).toMatch(/^job-1 killed/);
    expect(alive(detached.pid)).toBe(false);
    await b.kernel.stop();
  });

  it("pages put together give the whole output, and the tail is bash's tail", async () => {
    const dir = tempDir();
    const limits = { maxLines: 7, maxBytes: 40 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ maxLength: 12 }).map((s) => s.replace(/[\n\r]/g, "")),
          { maxLength: 40 },
        ),
        async (lines) => {
          const file = join(dir, "out.log");
          const text = lines.map((l) => `${l}\n`).join("");
          writeFileSync(file, text);
          const got: string[] = [];
          let offset = 1;
          for (;;) {
            const page = await pageFrom(file, offset, limits);
            if (page.to === 0) break;
            got.push(...page.text.split("\n"));
            if (!page.more) break;
            offset = page.to + 1;
          }
          expect(got).toEqual(lines);
          expect((await pageTail(file, limits)).text).toBe(truncateTail(text, limits).content);
        },
      ),
      { numRuns: 60 },
    );
  });
});
