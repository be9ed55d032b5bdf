// The "shellJobs" service (provided by the jobs plugin): commands that run in the background. The
// bash tool hands a call with `run_in_background: true` to it after the same permission gate and
// with the same sandbox wrapper as a foreground command, so a background job is never less
// confined than the command would have been in the foreground. Events `job_*` announce jobs.
// A foreground command may also become a job while it runs (Ctrl+B): its runner offers it with
// `offerForeground`, and a UI calls `toBackground` on what `foreground()` lists.
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";

/** What the bash tool hands over: the command exactly as it would have run in the foreground. */
export interface ShellJobStart {
  command: string;
  cwd: string;
  shell: string;
  env: NodeJS.ProcessEnv;
  /** The sandbox argv to put before `<shell> -c <command>` (empty: unsandboxed). */
  wrapper: readonly string[];
  /** Survive the session (not killed when the agent ends; listed again on resume while alive). */
  detach?: boolean;
}

export interface ShellJobStarted {
  id: string;
  pid: number;
  /** The whole output (stdout and stderr interleaved) as it is written. */
  outputPath: string;
  /** The first lines the job printed while the call waited briefly. */
  head: string;
  /** Set when the job had already exited by the time the call returned. */
  exitCode?: number | null;
}

export type JobState = "running" | "exited" | "killed";

/** A job as lists show it (the tool, /jobs, RPC `get_jobs`, ACP). */
export interface JobInfo {
  id: string;
  command: string;
  pid: number;
  state: JobState;
  startedAt: number;
  endedAt?: number;
  exitCode?: number | null;
  signal?: string | null;
  detach: boolean;
  outputPath: string;
}

/** A foreground command running now, which the person may send to the background (Ctrl+B). */
export interface ForegroundCommand {
  command: string;
  /** Makes it a background job (the same process, its output so far kept); the job id, or undefined when it had ended. */
  toBackground(): Promise<string | undefined>;
}

/** A running foreground process handed over to become a job (it is in its own process group). */
export interface ShellJobTakeOver {
  command: string;
  child: ChildProcess;
  pid: number;
  /** Its stdout and stderr, paused: the job reads on from where the foreground run stopped. */
  output: Readable[];
  /** What it printed so far: a file holding all of it (moved into the job's output), or else the text. */
  earlier: { file?: string; text: string };
}

export interface ShellJobsService {
  start(start: ShellJobStart): Promise<ShellJobStarted>;
  list(): JobInfo[];
  /** Ends the job's whole process tree; resolves once every process of it is gone. */
  kill(id: string): Promise<JobInfo>;
  /** A foreground command that may be sent to the background while it runs; returns its withdrawal. */
  offerForeground(command: ForegroundCommand): () => void;
  /** The foreground commands on offer now (oldest first). */
  foreground(): ForegroundCommand[];
  /** Makes a handed-over foreground process a job. */
  takeOver(run: ShellJobTakeOver): Promise<ShellJobStarted>;
}

declare module "pi-kernel" {
  interface Services {
    shellJobs: ShellJobsService;
  }
  interface Settings {
    /** Declared (with its schema) by the jobs plugin. */
    jobs: { autoContinue?: boolean };
  }
  interface CustomEvents {
    /** A background job started. */
    job_start: { job: JobInfo };
    /** A background job ended (exited by itself, or killed). */
    job_exit: { job: JobInfo };
    /** A line of a job's output matched a pattern the model asked to be told about. */
    job_match: { job: JobInfo; pattern: string; line: string };
  }
}
