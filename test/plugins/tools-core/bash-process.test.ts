// bash measured from outside: the compiled tool runs in a child process so its memory can be
// measured honestly, and a signal to that process must take the command's process group with it.
// Uses dist/ (npm test builds first).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isAlive, tempDir, waitFor } from "./helpers.js";

const BASH_JS = fileURLToPath(new URL("../../../dist/lib/tool-kit/tools/bash.js", import.meta.url));
if (!existsSync(BASH_JS)) throw new Error(`${BASH_JS} is missing: run \`npm run build\` first`);

/** A node process that runs one bash tool call and prints a JSON report. */
function runner(command: string, cwd: string): string {
  return `
    const { bashTool } = await import(${JSON.stringify(BASH_JS)});
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const signal = new AbortController().signal;
    const result = await bashTool.execute("t", { command: ${JSON.stringify(command)} }, signal, () => {}, { cwd: ${JSON.stringify(cwd)}, signal, toolCallId: "t" })
      .catch((e) => ({ content: [{ type: "text", text: e.message }] }));
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(JSON.stringify({ growthMB: (peak - base) / 1048576, text: result.content[0].text.slice(-300), details: result.details }));
  `;
}

function node(script: string): { child: ReturnType<typeof spawn>; done: Promise<string> } {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  return { child, done: new Promise((resolve) => child.on("close", () => resolve(out))) };
}

/** Field 22 of /proc/<pid>/stat: when the process started (undefined once it is gone). */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** The still-running processes among `pids`, with their /proc stat lines and process groups. */
function survivors(pids: Record<string, number>): string {
  return Object.entries(pids)
    .filter(([, pid]) => isAlive(pid))
    .map(([name, pid]) => {
      let stat = "no /proc entry";
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8").trim();
      } catch {}
      return `${name} ${pid} still alive: ${stat}`;
    })
    .join("; ");
}

describe("bash: bounded memory and process cleanup (child process)", () => {
  it("keeps memory bounded on 200 MB of output and spills all of it", async () => {
    const cwd = await tempDir();
    const command = "head -c 200000000 /dev/zero | tr '\\0' 'a' | fold -w 100";
    const report = JSON.parse(await node(runner(command, cwd)).done) as {
      growthMB: number;
      text: string;
      details: { fullOutputPath: string };
    };
    const spill = report.details.fullOutputPath;
    try {
      console.log(`bash 200 MB: RSS growth ${report.growthMB.toFixed(1)} MB`);
      expect(report.growthMB).toBeLessThan(100);
      expect((await stat(spill)).size).toBe(200_000_000 + 1_999_999); // fold adds a newline per 100 chars
      expect(report.text).toMatch(/\[Showing lines 1999495-2000000 of 2000000\. Full output: .*pi-bash-[0-9a-f]+\.log\]$/);
    } finally {
      await unlink(spill).catch(() => {});
    }
  });

  for (const signal of ["SIGTERM", "SIGHUP"] as const) {
    it(`kills the command's process group when the agent gets ${signal}`, async () => {
      const cwd = await tempDir();
      const { child, done } = node(runner("sleep 60 & echo $! > bg.pid; echo $$ > sh.pid; wait", cwd));
      // A pid file exists before the shell has written it: wait for the whole line.
      const written = (name: string) => existsSync(join(cwd, name)) && readFileSync(join(cwd, name), "utf8").endsWith("\n");
      expect(await waitFor(() => written("bg.pid") && written("sh.pid"), 10_000)).toBe(true);
      const bg = Number(await readFile(join(cwd, "bg.pid"), "utf8"));
      const sh = Number(await readFile(join(cwd, "sh.pid"), "utf8"));
      // Each pid's start time, so a pid the system reused meanwhile is not taken for a survivor.
      const started = { bg: startTime(bg), sh: startTime(sh) };
      const alive = (pid: number, start: string | undefined) => isAlive(pid) && startTime(pid) === start;
      child.kill(signal);
      await done;
      expect(child.signalCode).toBe(signal); // the agent still ends the way the sender asked
      // Generous: on a loaded CI machine a killed group once took longer than 5 s to be gone.
      const gone = await waitFor(() => !alive(bg, started.bg) && !alive(sh, started.sh), 12_000);
      // A failure says who survived and in what state (it failed once in CI, not reproduced since).
      expect(gone ? "gone" : survivors({ bg, sh })).toBe("gone");
    });
  }
});
