// Spawns the real `pi` CLI (compiled; `npm test` builds first) and collects its output.
import { spawn } from "node:child_process";
import { appendFileSync, closeSync, openSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

export const PI_BIN = fileURLToPath(new URL("../../bin/pi.js", import.meta.url));

/**
 * With PI_TEST_CLI_LOG=<file>, appends one JSON line per CLI start (test file, test, args): to count
 * the CLI starts of each file, the suite's dearest thing (~250 ms of CPU each).
 */
export function noteCliStart(args: string[]): void {
  const log = process.env.PI_TEST_CLI_LOG;
  if (!log) return;
  const { testPath, currentTestName } = expect.getState();
  appendFileSync(log, `${JSON.stringify({ file: testPath, test: currentTestName, args })}\n`);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: {
    cwd: string;
    env?: Record<string, string>;
    /** Piped to stdin; without it (and without `stdinFile`) stdin is /dev/null. */
    input?: string;
    /** A file opened as stdin (`pi < file`). */
    stdinFile?: string;
    /** An open descriptor given as stdin (closed here once the child has it). */
    stdinFd?: number;
    timeoutMs?: number;
    uid?: number;
    gid?: number;
  },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const stdinFd = opts.stdinFd ?? (opts.stdinFile === undefined ? undefined : openSync(opts.stdinFile, "r"));
    noteCliStart(args);
    const child = spawn(process.execPath, [PI_BIN, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: [stdinFd ?? (opts.input === undefined ? "ignore" : "pipe"), "pipe", "pipe"],
      // Another user (when the tests run as root): for permission cases root would not hit.
      ...(opts.uid === undefined ? {} : { uid: opts.uid, gid: opts.gid ?? opts.uid }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pi timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 15_000);
    if (opts.input !== undefined) child.stdin!.end(opts.input);
    child.on("error", reject);
    if (stdinFd !== undefined) closeSync(stdinFd); // the child has its own copy
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
