// Killing a command together with everything it started. Commands run in their own process group
// (spawned detached), so signalling the negative pid reaches background jobs and pipelines too,
// not just the shell.

export function killProcessGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    try {
      process.kill(pid, "SIGKILL"); // no group (already gone, or not a group leader)
    } catch {
      // already exited
    }
  }
}
