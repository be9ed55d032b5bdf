// pi's `pi.exec(command, args, {signal, timeout, cwd})`: runs a program without a shell and
// resolves with its output and exit code; a timeout or abort kills it (`killed: true`).
import { onAbort } from "../../lib/tool-kit/index.js";

export interface ExecResult {
  stdout: string;
  stderr: string;
  code: number;
  killed: boolean;
}

export function execCommand(
  command: string,
  args: string[],
  o: { cwd: string; signal?: AbortSignal; timeout?: number },
): Promise<ExecResult> {
  return new Promise((resolve) => {
    const child = process.getBuiltinModule("node:child_process").spawn(command, args, { cwd: o.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let killed = false;
    const kill = () => {
      killed = true;
      child.kill("SIGTERM");
    };
    const timer = o.timeout ? setTimeout(kill, o.timeout) : undefined;
    const unlisten = onAbort(o.signal, kill);
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const done = (code: number) => {
      clearTimeout(timer);
      unlisten();
      resolve({ stdout, stderr, code, killed });
    };
    child.on("error", (error) => {
      stderr += error.message;
      done(127);
    });
    child.on("close", (code) => done(code ?? 1));
  });
}
