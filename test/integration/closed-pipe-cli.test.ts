// `pi … | head -1`: the reader goes away while pi still writes. Every mode ends quietly (exit 0,
// nothing on stderr), and no error pi prints ever carries bundled source.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const s = simProjects();

/** Runs pi, closes its stdout after the first line (or at once), and collects stderr and the exit code. */
function piThenCloseStdout(
  args: string[],
  cwd: string,
  agentDir: string,
  atOnce: boolean,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PI_BIN, ...args], {
      cwd,
      env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const close = () => child.stdout.destroy();
    if (atOnce) close();
    else child.stdout.on("data", (d: Buffer) => d.includes(10) && close());
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pi did not exit; stderr: ${stderr}`));
    }, 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("a closed stdout", () => {
  it("ends --mode json and -p quietly", async () => {
    const p = s.project();
    // A long answer in small chunks: many events still to write once the reader has gone.
    s.sim.script({ text: "word ".repeat(4000), chunkSize: 8 }, { text: "the answer" });
    const json = await piThenCloseStdout(
      ["--provider", "sim", "--model", "sim-model", "--mode", "json", "hi"],
      p.project,
      p.agentDir,
      false,
    );
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    const print = await piThenCloseStdout(["--provider", "sim", "--model", "sim-model", "-p", "hi"], p.project, p.agentDir, true);
    expect(print.stderr).toBe("");
    expect(print.code).toBe(0);
  });
});
