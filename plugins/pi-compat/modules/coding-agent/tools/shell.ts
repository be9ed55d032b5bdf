// pi's shell helpers: getShellConfig (which shell runs commands: a given path, else /bin/bash,
// else bash on PATH, else sh) and createLocalBashOperations (pi's BashOperations.exec: the
// command in its own process group, output streamed as Buffers, the whole group killed on abort
// or timeout; "aborted" and "timeout:<s>" errors as pi throws them).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { killProcessGroup, onAbort, trackProcessGroup } from "../../../../../lib/tool-kit/index.js";

export interface ShellConfig {
  shell: string;
  args: string[];
  commandTransport?: "argv" | "stdin";
}
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

export function getShellConfig(customShellPath?: string): ShellConfig {
  if (customShellPath) {
    if (existsSync(customShellPath)) return { shell: customShellPath, args: ["-c"] };
    throw new Error(`Custom shell path not found: ${customShellPath}`);
  }
  if (existsSync("/bin/bash")) return { shell: "/bin/bash", args: ["-c"] };
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .map((d) => join(d, "bash"))
    .find((p) => existsSync(p));
  return { shell: onPath ?? "sh", args: ["-c"] };
}

export function createLocalBashOperations(options: { shellPath?: string } = {}): BashOperations {
  return {
    exec(command, cwd, { onData, signal, timeout, env }) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new Error("aborted"));
        if (!existsSync(cwd)) return reject(new Error(`Working directory does not exist: ${cwd}\nCannot execute bash commands.`));
        const { shell, args } = getShellConfig(options.shellPath);
        const child = spawn(shell, [...args, command], { cwd, detached: true, env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
        const untrack = child.pid ? trackProcessGroup(child.pid) : () => undefined;
        let failure: Error | undefined;
        const stop = (error: Error) => {
          failure ??= error;
          if (child.pid) killProcessGroup(child.pid);
        };
        const unlisten = onAbort(signal, () => stop(new Error("aborted")));
        const timer = timeout && timeout > 0 ? setTimeout(() => stop(new Error(`timeout:${timeout}`)), timeout * 1000) : undefined;
        child.stdout?.on("data", onData);
        child.stderr?.on("data", onData);
        child.on("error", (error) => stop(error));
        child.on("close", (code, exitSignal) => {
          untrack();
          if (timer) clearTimeout(timer);
          unlisten();
          if (failure) return reject(failure);
          resolve({ exitCode: code ?? (exitSignal ? 128 + 9 : null) });
        });
      });
    },
  };
}
