import { existsSync } from "node:fs";
import { readFile, realpath, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolResult } from "pi-kernel";
import { bashTool } from "../../../lib/tool-kit/index.js";
import { pickShell, trackedProcessGroups } from "../../../lib/tool-kit/index.js";
import { call, errorOf, isAlive, tempDir, text, waitFor } from "./helpers.js";

// Full-output files live in the system temp dir; remove the ones these tests create.
const spillFiles: string[] = [];
afterEach(async () => {
  await Promise.all(spillFiles.splice(0).map((p) => unlink(p).catch(() => {})));
});
function spilled(result: ToolResult): string {
  const path = (result.details as { fullOutputPath: string }).fullOutputPath;
  spillFiles.push(path);
  return path;
}

const run = (command: string, cwd: string, extra: Record<string, unknown> = {}) => call(bashTool, { command, ...extra }, { cwd });

describe("bash: results", () => {
  it("returns stdout and stderr together, in cwd, with the exit code", async () => {
    const cwd = await tempDir();
    const result = await run("pwd; echo oops >&2", cwd);
    expect(text(result)).toBe(`${await realpath(cwd)}\noops`);
    expect(result.details).toEqual({ exitCode: 0 });
  });

  it("says (no output) when there is none", async () => {
    expect(text(await run("true", await tempDir()))).toBe("(no output)");
  });

  it("throws with the output and the code on a non-zero exit", async () => {
    const message = await errorOf(run("echo partial; exit 3", await tempDir()));
    expect(message).toBe("partial\n\nCommand exited with code 3");
  });

  it("uses an sh-like $SHELL and falls back to bash otherwise", () => {
    expect(pickShell({ SHELL: "/usr/bin/fish" })).toBe("/bin/bash");
    expect(pickShell({ SHELL: "/bin/sh" })).toBe("/bin/sh");
  });
});

describe("bash: process control", () => {
  it("kills the whole process group on timeout", async () => {
    const cwd = await tempDir();
    const started = Date.now();
    const message = await errorOf(run(`echo begin; sleep 30 & echo $! > bg.pid; sleep 30`, cwd, { timeout: 0.5 }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(message).toBe("begin\n\nCommand timed out after 0.5 seconds");
    const pid = Number(await readFile(join(cwd, "bg.pid"), "utf8"));
    expect(await waitFor(() => !isAlive(pid), 2000)).toBe(true);
  });

  it("kills the process group on abort, keeping the output so far", async () => {
    const cwd = await tempDir();
    const controller = new AbortController();
    const pending = call(bashTool, { command: "echo begin; sleep 30 & echo $! > bg.pid; sleep 30" }, { cwd, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    expect(await errorOf(pending)).toBe("begin\n\nCommand aborted");
    const pid = Number(await readFile(join(cwd, "bg.pid"), "utf8"));
    expect(await waitFor(() => !isAlive(pid), 2000)).toBe(true);
  });

  it("refuses to start when already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const cwd = await tempDir();
    expect(await errorOf(call(bashTool, { command: "touch ran" }, { cwd, signal: controller.signal }))).toBe("Command aborted");
  });

  it("runs nothing when aborted while getting ready (after the call, before the spawn)", async () => {
    const controller = new AbortController();
    const cwd = await tempDir();
    // The tool checks the signal, then awaits its checks of the cwd: the abort lands in between.
    const pending = call(bashTool, { command: "touch ran; sleep 30" }, { cwd, signal: controller.signal });
    controller.abort();
    expect(await errorOf(pending)).toBe("Command aborted");
    expect(existsSync(join(cwd, "ran"))).toBe(false);
  });

  it("returns promptly when a background child inherits stdout", async () => {
    const cwd = await tempDir();
    const started = Date.now();
    const result = await run("sleep 30 & echo pid=$!; echo started", cwd);
    const pid = Number(/pid=(\d+)/.exec(text(result))![1]);
    try {
      expect(Date.now() - started).toBeLessThan(2000);
      expect(text(result)).toContain("started");
    } finally {
      process.kill(pid, "SIGKILL");
    }
  });

  it("returns promptly after starting a detached daemon", async () => {
    const cwd = await tempDir();
    const started = Date.now();
    const result = await run("(nohup sleep 30 >/dev/null 2>&1 & echo $! > d.pid); echo started", cwd);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text(result)).toBe("started");
    process.kill(Number(await readFile(join(cwd, "d.pid"), "utf8")), "SIGKILL");
  });
});

describe("bash: output handling", () => {
  it("keeps the last 2,000 lines and saves the full output to a private file", async () => {
    const result = await run("seq 1 5000", await tempDir());
    const out = text(result);
    const path = spilled(result);
    expect(out.startsWith("3001\n")).toBe(true);
    expect(out).toContain(`5000\n\n[Showing lines 3001-5000 of 5000. Full output: ${path}]`);
    expect(path).toMatch(/pi-bash-[0-9a-f]+\.log$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const full = await readFile(path, "utf8");
    expect(full).toBe(Array.from({ length: 5000 }, (_, i) => i + 1).join("\n") + "\n");
  });

  it("streams huge output to disk, keeping the whole of it", async () => {
    const result = await run("seq 1 300000", await tempDir());
    const path = spilled(result);
    expect(text(result)).toContain("[Showing lines 298001-300000 of 300000.");
    const full = await readFile(path, "utf8");
    expect(full.length).toBe(Array.from({ length: 300000 }, (_, i) => String(i + 1).length + 1).reduce((a, b) => a + b));
    expect(full.endsWith("299999\n300000\n")).toBe(true);
  });

  it("shows the end of a single line longer than 50 KB", async () => {
    const result = await run(`head -c 80000 /dev/zero | tr '\\0' 'a'; echo`, await tempDir());
    const out = text(result);
    spilled(result);
    expect(out).toMatch(/^a{51200}\n\n\[Showing the last 50\.0KB of line 1\. Full output: /);
  });

  it("includes the full-output note in a failing command's error", async () => {
    const message = await errorOf(run("seq 1 3000; exit 1", await tempDir()));
    const match = /\[Showing lines 1001-3000 of 3000\. Full output: (.*)\]\n\nCommand exited with code 1$/.exec(message);
    expect(match).not.toBeNull();
    spillFiles.push(match![1]);
  });

  it("streams the tail of the output at most every 100 ms", async () => {
    const updates: { at: number; text: string }[] = [];
    const onUpdate = (r: ToolResult) => updates.push({ at: Date.now(), text: text(r) });
    const command = "for i in $(seq 1 25); do echo line$i; sleep 0.02; done";
    const started = Date.now();
    await call(bashTool, { command }, { cwd: await tempDir(), onUpdate });
    const took = Date.now() - started;
    expect(updates.length).toBeGreaterThanOrEqual(2);
    // 25 lines, one every 20 ms: at most one update per 100 ms window (plus the first and the
    // final flush), counted over the whole run rather than between deliveries, which a loaded
    // machine can bunch together.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(took / 100) + 2);
    expect(updates.length).toBeLessThan(25);
    expect(updates[0].text.startsWith("line1")).toBe(true);
    expect(updates.at(-1)!.text).toMatch(/line\d+$/);
  });
});

describe("bash: process group tracking", () => {
  it("tracks a running command's group and lets go when the shell exits, background jobs included", async () => {
    const cwd = await tempDir();
    const listeners = process.listenerCount("SIGTERM");
    const pending = run("echo $$ > sh.pid; sleep 0.3; sleep 30 >/dev/null 2>&1 & echo $! > bg.pid", cwd);
    expect(await waitFor(() => trackedProcessGroups().length === 1, 2000)).toBe(true);
    await pending;
    const bg = Number(await readFile(join(cwd, "bg.pid"), "utf8"));
    try {
      expect(trackedProcessGroups()).toEqual([]); // a server left running outlives the agent, as in pi
      expect(process.listenerCount("SIGTERM")).toBe(listeners); // and stops listening for signals
    } finally {
      process.kill(bg, "SIGKILL");
    }
  });
});
