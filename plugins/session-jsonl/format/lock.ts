// One writer per session file: `<file>.lock` holds the owner's pid, created exclusively. A lock
// whose process is gone (killed, crashed) is stale and taken over. A folder where the lock cannot
// be created (read-only) is reported as such: the session can be read, not written.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";

export interface Lock {
  release(): void;
}
export type LockResult = { ok: true; lock: Lock } | { ok: false; pid: number } | { ok: false; readOnly: string };

const READ_ONLY = new Set(["EACCES", "EPERM", "EROFS"]);

export function lockPath(file: string): string {
  return `${file}.lock`;
}

export function acquireLock(file: string): LockResult {
  const path = lockPath(file);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { ok: true, lock: lockHandle(path) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (READ_ONLY.has(code)) return { ok: false, readOnly: code };
      if (code !== "EEXIST") throw error;
      const pid = ownerOf(path);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) return { ok: false, pid };
      rmSync(path, { force: true }); // stale (or our own from an earlier open): take it over
    }
  }
  return { ok: false, pid: ownerOf(path) ?? -1 };
}

function lockHandle(path: string): Lock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    if (ownerOf(path) === process.pid) rmSync(path, { force: true });
  };
  process.on("exit", release);
  return { release };
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
