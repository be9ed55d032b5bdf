// Killing a command together with everything it started. Commands run in their own process group
// (spawned detached), so signalling the negative pid reaches background jobs and pipelines too,
// not just the shell.
//
// Detached groups do not die with the agent: a terminal hang-up or `kill <agent>` in the middle of
// a long command would leave it running. So the group of every command still running is tracked,
// and while any is, the agent kills them when it exits or receives SIGTERM, SIGHUP or SIGINT. As
// in pi, tracking ends when the shell exits: a server the command deliberately left running in
// the background outlives the agent.

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

const live = new Set<number>();
const FATAL_SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGHUP", "SIGINT"];

/** Tracks a command's group from its start; the returned function ends tracking (shell exited). */
export function trackProcessGroup(pid: number): () => void {
  if (live.size === 0) installHandlers();
  live.add(pid);
  return () => {
    if (live.delete(pid) && live.size === 0) removeHandlers();
  };
}

/** Groups currently tracked (for tests and diagnostics). */
export function trackedProcessGroups(): number[] {
  return [...live];
}

function killAll(): void {
  for (const pid of live) killProcessGroup(pid);
  live.clear();
}

function onExit(): void {
  killAll();
}

function onSignal(signal: NodeJS.Signals): void {
  // A surface that handles Ctrl+C itself (to abort a turn) decides what SIGINT means.
  if (signal === "SIGINT" && process.listenerCount(signal) > 1) return;
  killAll();
  removeHandlers();
  // Our listener suppressed the default action. When nobody else handles the signal, re-raise it
  // so the agent still ends the way the sender asked.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHandlers(): void {
  process.on("exit", onExit);
  for (const signal of FATAL_SIGNALS) process.on(signal, onSignal);
}

function removeHandlers(): void {
  process.off("exit", onExit);
  for (const signal of FATAL_SIGNALS) process.off(signal, onSignal);
}
