// One writer at a time in a shadow repository, across processes: several sessions in one
// workspace (two terminals, an editor and a terminal, subagents) share its index, and git refuses
// a second writer with `index.lock` (it does not wait), which lost most of their checkpoints. A
// lock file created exclusively, holding the owner's pid; a lock whose owner is gone (a crash) is
// taken over at once, and one older than STALE_MS whatever its owner (a hung process).
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";

const STALE_MS = 5 * 60_000;
const WAIT_MS = 120_000;

/** Runs `fn` holding `file`; waits (polling with back-off) while another process or call holds it. */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  await acquire(file);
  try {
    return await fn();
  } finally {
    // Synchronous: a print run exits once its snapshot is done, and an unlink through the thread
    // pool (two round trips: rm looks first) came after the answer had been printed.
    rmSync(file, { force: true });
  }
}

async function acquire(file: string): Promise<void> {
  // A free lock (nearly always) is taken at once, without three thread-pool round trips: a
  // snapshot's `git status` then starts in the same tick as the user message that asked for it,
  // beside the request being built, instead of after it (one-shot runs waited for it at exit).
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    if (tryAcquire(file)) return;
    if (await abandoned(file)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the checkpoint lock ${file} is held by another process (delete it if none is running)`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** Creates the lock file holding our pid; false when it exists. */
function tryAcquire(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

async function abandoned(file: string): Promise<boolean> {
  const [text, info] = await Promise.all([readFile(file, "utf8").catch(() => ""), stat(file).catch(() => undefined)]);
  if (!info) return false; // released meanwhile: try again
  if (Date.now() - info.mtimeMs > STALE_MS) return true;
  const pid = Number.parseInt(text, 10);
  // Written but not yet filled in (its owner is between open and write): not abandoned.
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
