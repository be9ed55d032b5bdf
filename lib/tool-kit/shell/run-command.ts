// Running one shell command in its own process group and reporting how it ended. The command is
// over when the shell exits, not when its pipes close: a background job (`server &`) may keep
// stdout open for hours, and waiting for it would hang the agent.
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import type { OutputSink } from "./output-sink.js";
import { onAbort } from "./on-abort.js";
import { killProcessGroup, trackProcessGroup } from "./process-group.js";

export interface RunOptions {
  command: string;
  cwd: string;
  shell: string;
  signal: AbortSignal;
  timeoutMs?: number;
  /** Where output goes; any writer with OutputSink's backpressure contract (pi's onData gets a pass-through). */
  sink: Pick<OutputSink, "write" | "onDrain">;
  onData?: () => void;
  /** The child's environment; default the agent's own (shellEnv gives one without provider keys). */
  env?: NodeJS.ProcessEnv;
  /** An argv put before `<shell> -c <command>` (a sandbox: `bwrap ... --`); empty or absent runs the shell itself. */
  wrapper?: readonly string[];
  /**
   * Called once the command has started with `takeOver`, which hands the running process to the caller (Ctrl+B: it
   * becomes a background job): the run then ends at once as `handedOver`, and neither its timeout, its abort nor
   * its sink apply any more. `takeOver` answers undefined when the command has already ended.
   */
  onStart?: (takeOver: () => HandedOver | undefined) => void;
}

/** A running command given away by `takeOver`: its output streams are paused until the new owner reads them. */
export interface HandedOver {
  child: ChildProcess;
  pid: number;
  output: Readable[];
}

export interface RunOutcome {
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** Set when `takeOver` gave the process away (it is still running). */
  handedOver?: HandedOver;
}

// After the shell exits, how long to wait for output still in the pipes: reset by each chunk that
// arrives, and capped, because a background child may keep writing forever.
const SETTLE_IDLE_MS = 75;
const SETTLE_MAX_MS = 1000;

export function runCommand(opts: RunOptions): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    // Aborted while the caller was getting ready: nothing is started.
    if (opts.signal.aborted) return resolve({ exitCode: null, exitSignal: null, timedOut: false, aborted: true });
    const argv = [...(opts.wrapper ?? []), opts.shell, "-c", opts.command];
    const child = process.getBuiltinModule("node:child_process").spawn(argv[0], argv.slice(1), {
      cwd: opts.cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: opts.env ?? process.env,
    });
    const streams = [child.stdout, child.stderr];
    const state = { timedOut: false, aborted: false, exited: false, lastData: Date.now(), given: false };
    const release = child.pid ? trackProcessGroup(child.pid) : () => {};
    const kill = () => {
      if (child.pid) killProcessGroup(child.pid);
    };
    const unlisten = onAbort(opts.signal, () => {
      state.aborted = true;
      kill();
    });
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          state.timedOut = true;
          kill();
        }, opts.timeoutMs)
      : undefined;
    const stopWatching = () => {
      clearTimeout(timer);
      unlisten();
    };

    for (const stream of streams) {
      stream.on("data", (chunk: Buffer) => {
        if (state.given) return;
        state.lastData = Date.now();
        // Backpressure from the spill file, but not once the shell is gone: then we drain and stop.
        if (!opts.sink.write(chunk) && !state.exited) {
          streams.forEach((s) => s.pause());
          opts.sink.onDrain(() => streams.forEach((s) => s.resume()));
        }
        opts.onData?.();
      });
    }
    child.once("error", (error) => {
      if (state.given) return;
      stopWatching();
      reject(new Error(`Could not start ${argv[0]}: ${error.message}`));
    });
    child.once("exit", (exitCode, exitSignal) => {
      state.exited = true;
      if (state.given) return;
      stopWatching();
      release();
      streams.forEach((s) => s.resume());
      void settle(streams, state).then(() => {
        streams.forEach((s) => s.destroy()); // stop reading pipes a background child still holds
        resolve({ exitCode, exitSignal, timedOut: state.timedOut, aborted: state.aborted });
      });
    });
    if (child.pid && opts.onStart) {
      const pid = child.pid;
      opts.onStart(() => {
        if (state.given || state.exited) return undefined;
        state.given = true;
        stopWatching();
        release(); // the new owner tracks the group itself
        streams.forEach((s) => s.pause());
        const handedOver = { child, pid, output: streams };
        resolve({ exitCode: null, exitSignal: null, timedOut: false, aborted: false, handedOver });
        return handedOver;
      });
    }
  });
}

/** Resolves when every pipe has ended, or output has gone quiet, or the cap is reached. */
function settle(streams: Readable[], state: { lastData: number }): Promise<void> {
  const ended = (s: Readable) => s.readableEnded || s.destroyed;
  const exitedAt = Date.now();
  return new Promise((resolve) => {
    let done = false;
    const check = () => {
      if (done) return;
      const now = Date.now();
      // Quiet is measured from the exit at the earliest: output written just before it may not be read yet.
      const quiet = now - Math.max(state.lastData, exitedAt) >= SETTLE_IDLE_MS;
      if (streams.every(ended) || quiet || now - exitedAt >= SETTLE_MAX_MS) {
        done = true;
        clearInterval(poll);
        resolve();
      }
    };
    const poll = setInterval(check, 10);
    streams.forEach((s) => s.once("close", check));
    check();
  });
}
