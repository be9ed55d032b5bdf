// A process and everything it started, found by parent links rather than by process group: a
// child that left the group (setsid, a daemon that double-forks, `bwrap --new-session`) is still
// a descendant until it is reparented, so killing by tree and by group together leaves nothing
// behind. `ps` is asked (POSIX, present on Linux and macOS) instead of reading /proc, so the same
// code serves both.

interface Row {
  pid: number;
  ppid: number;
  pgid: number;
}

async function processTable(): Promise<Row[]> {
  const out = await new Promise<string>((resolve) =>
    process
      .getBuiltinModule("node:child_process")
      .execFile("ps", ["-A", "-o", "pid=", "-o", "ppid=", "-o", "pgid="], { maxBuffer: 16 << 20 }, (_e, stdout) =>
        resolve(String(stdout ?? "")),
      ),
  );
  const rows: Row[] = [];
  for (const line of out.split("\n")) {
    const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid)) rows.push({ pid, ppid, pgid });
  }
  return rows;
}

/** `root` and every living process below it or in its process group (the root leads its group). */
export async function processTree(root: number): Promise<number[]> {
  const rows = await processTable();
  const found = new Set<number>(rows.some((r) => r.pid === root) ? [root] : []);
  for (const r of rows) if (r.pgid === root) found.add(r.pid);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!found.has(r.pid) && found.has(r.ppid)) {
        found.add(r.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Whether a process with this pid exists (a zombie counts until it is reaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function signalAll(pids: readonly number[], group: number, signal: NodeJS.Signals): void {
  for (const target of [-group, ...pids]) {
    try {
      process.kill(target, signal);
    } catch {
      // gone already, or never a group
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Ends `root`'s whole tree: SIGTERM to its group and every descendant, then SIGKILL to whatever
 * is still there after `graceMs`. Resolves with the pids that were found, once none is left
 * (zombies of ours excepted: their parent reaps them) or after a last SIGKILL round.
 */
export async function killTree(root: number, graceMs = 2000): Promise<number[]> {
  const pids = await processTree(root);
  signalAll(pids, root, "SIGTERM");
  const deadline = Date.now() + graceMs;
  let left = pids;
  while (Date.now() < deadline) {
    left = (await processTree(root)).concat(left.filter(isAlive));
    if (left.length === 0) return pids;
    await sleep(50);
  }
  // Anything found now (a child forked during the grace period too) gets SIGKILL.
  const rest = [...new Set([...(await processTree(root)), ...left.filter(isAlive)])];
  signalAll(rest, root, "SIGKILL");
  return [...new Set([...pids, ...rest])];
}
