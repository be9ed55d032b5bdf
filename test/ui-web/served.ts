// `pi serve` spawned against the simulator, for the web UI's tests: resolves once it printed its
// address (the browser line carries the token), and stops it with SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { PI_BIN } from "../support/run-cli.js";

export interface Served {
  child: ChildProcess;
  /** The page's address with `?token=`, as pi serve prints it. */
  open: string;
  /** The base URL, e.g. http://127.0.0.1:41234. */
  base: string;
  token: string;
  stderr(): string;
  stop(): Promise<void>;
}

export function startServe(args: string[], opts: { cwd: string; env: Record<string, string> }): Promise<Served> {
  const child = spawn(process.execPath, [PI_BIN, "serve", "--port", "0", ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`pi serve ${why}; stderr: ${stderr}\nstdout: ${stdout}`));
    child.on("exit", (code) => fail(`exited (${code}) before it printed its address`));
    child.stdout!.on("data", (d) => {
      stdout += d;
      const open = /browser:\s+(\S+\?token=\S+)/.exec(stdout)?.[1];
      if (!open) return;
      child.removeAllListeners("exit");
      const url = new URL(open);
      resolve({
        child,
        open,
        base: url.origin,
        token: decodeURIComponent(url.searchParams.get("token") ?? ""),
        stderr: () => stderr,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
