// Running one command hook: `<shell> -c <command>` in the project directory (inside the sandbox's
// wrapper when the sandbox is on), the event's JSON on stdin, in its own process group so a
// timeout kills everything it started. Output is capped: a hook that prints megabytes cannot fill
// the agent's memory or the model's context.
import { killProcessGroup, trackProcessGroup } from "../../lib/tool-kit/index.js";

const MAX_OUTPUT = 256 * 1024;

export interface SpawnOptions {
  command: string;
  cwd: string;
  shell: string;
  env: NodeJS.ProcessEnv;
  input: string;
  timeoutMs: number;
  wrapper: readonly string[];
  signal?: AbortSignal;
}

export interface HookOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The process could not be started (or the sandbox refused it). */
  error?: string;
}

export function spawnHook(o: SpawnOptions): Promise<HookOutcome> {
  return new Promise((resolve) => {
    const argv = [...o.wrapper, o.shell, "-c", o.command];
    const child = process
      .getBuiltinModule("node:child_process")
      .spawn(argv[0], argv.slice(1), { cwd: o.cwd, env: o.env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const release = child.pid ? trackProcessGroup(child.pid) : () => {};
    const out = { stdout: "", stderr: "" };
    const collect = (key: "stdout" | "stderr") => (chunk: Buffer) => {
      if (out[key].length < MAX_OUTPUT) out[key] += chunk.toString("utf8").slice(0, MAX_OUTPUT - out[key].length);
    };
    child.stdout.on("data", collect("stdout"));
    child.stderr.on("data", collect("stderr"));
    // A hook that does not read its input closes stdin early: that is not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(o.input);
    let timedOut = false;
    const kill = () => {
      if (child.pid) killProcessGroup(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, o.timeoutMs);
    const onAbort = () => kill();
    o.signal?.addEventListener("abort", onAbort, { once: true });
    let done = false;
    const finish = (exitCode: number | null, error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      release();
      resolve({ exitCode, stdout: out.stdout, stderr: out.stderr, timedOut, ...(error && { error }) });
    };
    child.once("error", (error) => finish(null, error.message));
    // "close" waits for the pipes; a background child that keeps them open is cut at the timeout.
    child.once("close", (code) => finish(code));
  });
}
