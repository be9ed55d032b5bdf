// pi's BashOperations, the seam pi's createBashTool exposes so an extension can run commands
// elsewhere (ssh, a container): exec streams output as Buffers and resolves with the exit code,
// or rejects with "aborted" / "timeout:<seconds>" as pi's do. The local one is runCommand: the
// command in its own process group, killed whole on abort or timeout.
import { runCommand } from "../shell/run-command.js";
import { pickShell } from "../shell/shell.js";

export interface BashExecOptions {
  onData: (data: Buffer) => void;
  signal?: AbortSignal;
  /** Seconds. */
  timeout?: number;
  env?: NodeJS.ProcessEnv;
}

export interface BashOperations {
  exec(command: string, cwd: string, options: BashExecOptions): Promise<{ exitCode: number | null }>;
}

export interface LocalBashOptions {
  /** The shell that runs `-c <command>`; default pickShell(). */
  shell?: string;
  /** An argv put before the shell (a sandbox). */
  wrapper?: readonly string[];
}

export function localBashOperations(options: LocalBashOptions = {}): BashOperations {
  return {
    async exec(command, cwd, { onData, signal, timeout, env }) {
      const outcome = await runCommand({
        command,
        cwd,
        shell: options.shell ?? pickShell(),
        wrapper: options.wrapper,
        signal: signal ?? new AbortController().signal,
        // A pass-through writer: whoever gets the chunks keeps them.
        sink: { write: (chunk) => (onData(chunk), true), onDrain: (fn) => fn() },
        timeoutMs: timeout !== undefined && timeout > 0 ? timeout * 1000 : undefined,
        env,
      });
      if (outcome.aborted) throw new Error("aborted");
      if (outcome.timedOut) throw new Error(`timeout:${timeout}`);
      return { exitCode: outcome.exitCode };
    },
  };
}
