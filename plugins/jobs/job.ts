// One background job: a shell command in its own process group whose stdout and stderr go
// straight to a file (no pipe to the agent: a detached job must not die of SIGPIPE when the agent
// is gone, and the file is the "full output" the model can page through). stdin is a pipe for
// jobs that end with the session, so the model can type into them; a detached job has none.
import type { ChildProcess } from "node:child_process";
import { closeSync, copyFileSync, createWriteStream, openSync, unlinkSync, writeFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import type { JobInfo, JobState, ShellJobStart, ShellJobTakeOver } from "../../contracts/shell-jobs.js";
import { isAlive } from "../../lib/tool-kit/index.js";

export interface JobRecord {
  id: string;
  command: string;
  pid: number;
  startedAt: number;
  detach: boolean;
  outputPath: string;
}

export class Job {
  state: JobState = "running";
  endedAt?: number;
  exitCode?: number | null;
  signal?: string | null;
  /** Set once someone (the model's kill or wait, the person's /jobs) has seen the end: no notice then. */
  endSeen = false;
  private readonly exitWaiters: Array<() => void> = [];
  private stdin?: Writable;

  constructor(
    readonly record: JobRecord,
    private readonly onEnd: (job: Job) => void,
  ) {}

  get id(): string {
    return this.record.id;
  }

  info(): JobInfo {
    const { id, command, pid, startedAt, detach, outputPath } = this.record;
    return {
      id,
      command,
      pid,
      state: this.state,
      startedAt,
      endedAt: this.endedAt,
      exitCode: this.exitCode,
      signal: this.signal,
      detach,
      outputPath,
    };
  }

  /** Starts the command; throws when it cannot be spawned at all. */
  static spawn(id: string, start: ShellJobStart, outputPath: string, onEnd: (job: Job) => void): Job {
    const fd = openSync(outputPath, "w", 0o600);
    const argv = [...start.wrapper, start.shell, "-c", start.command];
    let child: ChildProcess;
    try {
      child = process.getBuiltinModule("node:child_process").spawn(argv[0], argv.slice(1), {
        cwd: start.cwd,
        env: start.env,
        detached: true, // its own process group: the tree is killed as one, and the terminal's signals do not reach it
        stdio: [start.detach ? "ignore" : "pipe", fd, fd],
      });
    } finally {
      closeSync(fd);
    }
    if (!child.pid) {
      // spawn reports a missing program through 'error' later; surface it to the caller now.
      child.once("error", () => {});
      throw new Error(`Could not start ${argv[0]}`);
    }
    const record = { id, command: start.command, pid: child.pid, startedAt: Date.now(), detach: start.detach === true, outputPath };
    const job = new Job(record, onEnd);
    job.attach(child);
    return job;
  }

  /**
   * A foreground command sent to the background (Ctrl+B): the same process, still writing to the
   * agent's pipes (it was started with them), so its output is copied on into the file after what
   * it printed before. It has no stdin (foreground commands get none).
   */
  static takeOver(id: string, run: ShellJobTakeOver, outputPath: string, onEnd: (job: Job) => void): Job {
    if (run.earlier.file) {
      copyFileSync(run.earlier.file, outputPath);
      try {
        unlinkSync(run.earlier.file); // moved: the job's file is the full output now
      } catch {}
    } else writeFileSync(outputPath, run.earlier.text, { mode: 0o600 });
    const file = createWriteStream(outputPath, { flags: "a" });
    file.on("error", () => {}); // a full disk loses output, not the job
    let open = run.output.length;
    for (const stream of run.output as Array<Readable & { _handle?: { unref?(): void } }>) {
      stream._handle?.unref?.(); // like the child itself: a job never keeps the agent alive
      stream.once("close", () => --open === 0 && file.end());
      stream.pipe(file, { end: false });
    }
    const record = { id, command: run.command, pid: run.pid, startedAt: Date.now(), detach: false, outputPath };
    const job = new Job(record, onEnd);
    job.attach(run.child);
    return job;
  }

  /** A detached job found again on resume: followed by polling, since it is not our child. */
  static adopt(record: JobRecord, onEnd: (job: Job) => void): Job {
    const job = new Job(record, onEnd);
    const poll = setInterval(() => {
      if (!isAlive(record.pid)) {
        clearInterval(poll);
        job.finish(null, null, "exited");
      }
    }, 1000);
    poll.unref();
    return job;
  }

  private attach(child: ChildProcess): void {
    child.unref(); // a job never keeps the agent alive: the session's end ends it
    const stdin = child.stdin as (Writable & { _handle?: { unref?(): void } }) | null;
    if (stdin) {
      stdin._handle?.unref?.();
      stdin.on("error", () => {}); // the job closed its input: writes are refused in send() instead
      this.stdin = stdin;
    }
    child.once("error", () => this.finish(null, null, "exited"));
    child.once("exit", (code, signal) => this.finish(code, signal, this.state === "killed" ? "killed" : "exited"));
    // A handed-over process may have exited before it got here: its end is told once the job is in the table.
    if (child.exitCode !== null || child.signalCode !== null) {
      setImmediate(() => this.finish(child.exitCode, child.signalCode, "exited"));
    }
  }

  /** Sends text to the job's stdin; `end` closes it afterwards (EOF). */
  send(text: string, end: boolean): void {
    if (this.state !== "running") throw new Error(`Job ${this.id} is not running`);
    if (!this.stdin || this.stdin.destroyed || this.stdin.writableEnded) {
      throw new Error(`Job ${this.id} takes no input (${this.record.detach ? "detached jobs have none" : "its input was closed"})`);
    }
    this.stdin.write(text);
    if (end) this.stdin.end();
  }

  markKilled(): void {
    if (this.state === "running") this.state = "killed";
  }

  /** Resolves when the job has ended. */
  ended(): Promise<void> {
    if (this.state !== "running" && this.endedAt !== undefined) return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  finish(code: number | null, signal: string | null, state: JobState): void {
    if (this.endedAt !== undefined) return;
    this.state = state;
    this.exitCode = code;
    this.signal = signal;
    this.endedAt = Date.now();
    this.stdin?.destroy();
    for (const w of this.exitWaiters.splice(0)) w();
    this.onEnd(this);
  }
}
