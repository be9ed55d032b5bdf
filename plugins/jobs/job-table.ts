// The session's background jobs: starting them (the "shellJobs" service the bash tool calls),
// listing, waiting, watching and killing them. Jobs that end with the session are tracked two
// ways: the agent's own exit and SIGTERM/SIGHUP handlers (tool-kit's process-group tracking) kill
// their groups, and a guard process (tool-kit's startJobGuard) does it when the agent is killed
// outright. A detached job is in neither: it outlives the agent by design.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JobInfo, ShellJobStart, ShellJobStarted, ShellJobTakeOver } from "../../contracts/shell-jobs.js";
import { type JobGuard, killTree, startJobGuard, trackProcessGroup } from "../../lib/tool-kit/index.js";
import { Job, type JobRecord } from "./job.js";
import { type LineWatcher, scan } from "./output-watch.js";
import { pageFrom, pageTail } from "./output-page.js";

export interface JobTableEvents {
  started(job: Job): void;
  ended(job: Job): void;
  matched(job: Job, pattern: string, line: string): void;
}

export type WaitResult = { reason: "exit" | "timeout" | "aborted" } | { reason: "match"; line: string };

// How long a new job's call waits for its first lines (or its exit) before returning.
const START_WAIT_MS = 400;
const HEAD_LIMITS = { maxLines: 20, maxBytes: 4096 };
const POLL_MS = 200;

export class JobTable {
  private readonly jobs = new Map<string, Job>();
  private next = 1;
  private dir?: string;
  private guard?: JobGuard;
  private readonly watchers = new Map<Job, Set<LineWatcher>>();
  private poller?: NodeJS.Timeout;
  private readonly releases = new Map<Job, () => void>();

  constructor(private readonly events: JobTableEvents) {}

  list(): JobInfo[] {
    return [...this.jobs.values()].map((j) => j.info());
  }

  running(): number {
    return [...this.jobs.values()].filter((j) => j.state === "running").length;
  }

  get(id: string): Job {
    const job = this.jobs.get(id);
    if (job) return job;
    const known = [...this.jobs.keys()];
    throw new Error(`No job "${id}". ${known.length ? `Jobs: ${known.join(", ")}` : "No jobs have been started."}`);
  }

  async start(start: ShellJobStart): Promise<ShellJobStarted> {
    const { id, outputPath } = this.nextSlot();
    const job = this.add(Job.spawn(id, start, outputPath, (j) => this.onEnd(j)));
    await Promise.race([job.ended(), new Promise((r) => setTimeout(r, START_WAIT_MS))]);
    const ended = job.state !== "running";
    if (ended) job.endSeen = true; // the call's own result says so: no notice needed
    const head = await pageFrom(job.record.outputPath, 1, HEAD_LIMITS);
    return {
      id,
      pid: job.record.pid,
      outputPath: job.record.outputPath,
      head: head.text,
      ...(ended && { exitCode: job.exitCode ?? null }),
    };
  }

  /** A foreground command sent to the background: the answer's `head` is the end of its output so far. */
  async takeOver(run: ShellJobTakeOver): Promise<ShellJobStarted> {
    const { id, outputPath } = this.nextSlot();
    const job = this.add(Job.takeOver(id, run, outputPath, (j) => this.onEnd(j)));
    const tail = await pageTail(outputPath, HEAD_LIMITS);
    return { id, pid: job.record.pid, outputPath, head: tail.text };
  }

  private nextSlot(): { id: string; outputPath: string } {
    this.dir ??= mkdtempSync(join(tmpdir(), "pi-jobs-"));
    const id = `job-${this.next++}`;
    return { id, outputPath: join(this.dir, `${id}.log`) };
  }

  /** A new job joins the table; one that ends with the session is tracked (exit handlers and the guard). */
  private add(job: Job): Job {
    this.jobs.set(job.id, job);
    if (!job.record.detach) {
      this.releases.set(job, trackProcessGroup(job.record.pid));
      this.guard ??= startJobGuard();
      this.guard.add(job.record.pid);
    }
    this.events.started(job);
    return job;
  }

  /** A detached job found again on resume. */
  adopt(record: JobRecord): void {
    if (this.jobs.has(record.id)) return;
    const job = Job.adopt(record, (j) => this.onEnd(j));
    this.jobs.set(record.id, job);
    const n = Number(record.id.replace(/^job-/, ""));
    if (Number.isInteger(n) && n >= this.next) this.next = n + 1;
    this.events.started(job);
  }

  async kill(id: string): Promise<{ info: JobInfo; pids: number[] }> {
    const job = this.get(id);
    job.endSeen = true;
    if (job.state !== "running") return { info: job.info(), pids: [] };
    job.markKilled();
    const pids = await killTree(job.record.pid);
    await Promise.race([job.ended(), new Promise((r) => setTimeout(r, 1000))]);
    // An adopted job is not our child: no exit event arrives, so its end is recorded here.
    job.finish(job.exitCode ?? null, job.signal ?? "SIGTERM", "killed");
    return { info: job.info(), pids };
  }

  /** Waits for the job to end, or for a line matching `pattern` (any output so far counts), or the timeout. */
  async wait(id: string, opts: { pattern?: RegExp; timeoutMs: number; signal?: AbortSignal }): Promise<WaitResult> {
    const job = this.get(id);
    return new Promise<WaitResult>((resolve) => {
      const cleanups: Array<() => void> = [];
      let settled = false;
      const done = (r: WaitResult) => {
        if (settled) return;
        settled = true;
        for (const c of cleanups.splice(0)) c();
        if (r.reason === "exit") job.endSeen = true;
        resolve(r);
      };
      if (opts.pattern) {
        const w = this.watch(job, opts.pattern, 0, (line) => done({ reason: "match", line }));
        cleanups.push(() => this.unwatch(job, w));
        if (this.watchers.get(job)?.has(w) !== true) return; // matched already
      }
      if (job.state !== "running") return done({ reason: "exit" });
      void job.ended().then(() => done({ reason: "exit" }));
      const timer = setTimeout(() => done({ reason: "timeout" }), opts.timeoutMs);
      cleanups.push(() => clearTimeout(timer));
      const onAbort = () => done({ reason: "aborted" });
      opts.signal?.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => opts.signal?.removeEventListener("abort", onAbort));
    });
  }

  /** Tells the model (through `events.matched`) the first time a new line of output matches. */
  notifyOn(id: string, pattern: RegExp): void {
    const job = this.get(id);
    if (job.state !== "running") throw new Error(`Job ${id} is not running (${job.state})`);
    const w = this.watch(job, pattern, "end", (line) => {
      this.unwatch(job, w);
      this.events.matched(job, pattern.source, line);
    });
  }

  /** Kills every job that ends with the session (a reload keeps them; this is for the session's end). */
  killSessionJobs(): void {
    for (const job of this.jobs.values()) {
      if (job.state === "running" && !job.record.detach) {
        job.markKilled();
        void killTree(job.record.pid, 500);
      }
    }
  }

  private watch(job: Job, pattern: RegExp, from: number | "end", onMatch: (line: string) => void): LineWatcher {
    const w: LineWatcher = { pattern, offset: 0, partial: "", onMatch };
    if (from === "end") {
      // New output only: skip what is in the file now.
      const probe: LineWatcher = { pattern: /(?!)/, offset: 0, partial: "", onMatch: () => {} };
      scan(job.record.outputPath, probe);
      w.offset = probe.offset;
    } else if (scan(job.record.outputPath, w, job.state !== "running")) {
      return w;
    }
    let set = this.watchers.get(job);
    if (!set) this.watchers.set(job, (set = new Set()));
    set.add(w);
    this.poller ??= setInterval(() => this.poll(), POLL_MS).unref();
    return w;
  }

  private unwatch(job: Job, w: LineWatcher): void {
    const set = this.watchers.get(job);
    set?.delete(w);
    if (set && set.size === 0) this.watchers.delete(job);
    if (this.watchers.size === 0 && this.poller) {
      clearInterval(this.poller);
      this.poller = undefined;
    }
  }

  private poll(final?: Job): void {
    for (const [job, set] of [...this.watchers]) {
      if (final && job !== final) continue;
      for (const w of [...set]) scan(job.record.outputPath, w, job.state !== "running");
    }
  }

  private onEnd(job: Job): void {
    this.releases.get(job)?.();
    this.releases.delete(job);
    if (!job.record.detach) this.guard?.remove(job.record.pid);
    this.poll(job); // the last lines may hold the match someone waits for
    for (const w of [...(this.watchers.get(job) ?? [])]) this.unwatch(job, w);
    this.events.ended(job);
  }
}
