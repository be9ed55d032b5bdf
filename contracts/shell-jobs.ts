// The "shellJobs" service (provided by the jobs plugin): commands that run in the background. The
// bash tool hands a call with `run_in_background: true` to it after the same permission gate and
// with the same sandbox wrapper as a foreground command, so a background job is never less
// confined than the command would have been in the foreground. Events `job_*` announce jobs.

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

export interface ShellJobsService {
  start(start: ShellJobStart): Promise<ShellJobStarted>;
  list(): JobInfo[];
  /** Ends the job's whole process tree; resolves once every process of it is gone. */
  kill(id: string): Promise<JobInfo>;
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
