// Shared fixtures for the tools-core tests: real temp directories and a direct call to a tool's
// execute, the way the kernel makes it.
import { mkdtemp, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { ToolDef, ToolResult } from "pi-kernel";

const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A fresh temp directory, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tools-core-"));
  dirs.push(dir);
  return dir;
}

export interface CallOptions {
  cwd: string;
  signal?: AbortSignal;
  onUpdate?: (r: ToolResult) => void;
}

export function call(tool: ToolDef<any, any>, params: Record<string, unknown>, opts: CallOptions): Promise<ToolResult> {
  const signal = opts.signal ?? new AbortController().signal;
  const onUpdate = opts.onUpdate ?? (() => {});
  return tool.execute("call-1", params, signal, onUpdate, { cwd: opts.cwd, signal, toolCallId: "call-1" });
}

/** The text of a result's first content block. */
export function text(result: ToolResult): string {
  const block = result.content[0];
  return block && block.type === "text" ? block.text : "";
}

/** The message a tool threw with, failing the test if it did not throw. */
export async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the tool to throw");
}

/** Whether a process is still running (a zombie waiting to be reaped counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
