// A guard that ends background jobs when the agent dies without a chance to do it itself
// (SIGKILL, a crash in native code, the OOM killer). Node cannot ask the kernel to signal children
// when their parent dies (prctl PR_SET_PDEATHSIG / PR_SET_CHILD_SUBREAPER need native code, and
// neither exists on macOS), so a tiny POSIX shell watches instead: it reads process-group ids from
// a pipe whose only writer is the agent, and when the pipe reaches end of file (the agent is gone,
// however it ended) it sends SIGTERM, then SIGKILL, to every group still listed. It costs one `sh`
// (about a megabyte) per agent that has jobs, started with the first one; it sits in its own
// session, so the terminal's hang-up or Ctrl+C does not take it away before it has done its work.
import type { ChildProcess } from "node:child_process";
import type { Writable } from "node:stream";

const SCRIPT = `trap '' HUP INT
g=' '
while IFS= read -r l; do
  case $l in
    +*) g="$g\${l#+} " ;;
    -*) n=' '; for p in $g; do [ "$p" = "\${l#-}" ] || n="$n$p "; done; g=$n ;;
  esac
done
[ "$g" = ' ' ] && exit 0
for p in $g; do kill -TERM "-$p" 2>/dev/null; done
sleep 1
for p in $g; do kill -KILL "-$p" 2>/dev/null; done`;

export interface JobGuard {
  /** Watches a process group (its leader's pid). */
  add(pgid: number): void;
  /** Stops watching it (it ended, or was detached). */
  remove(pgid: number): void;
  /** The guard's own pid (tests). */
  readonly pid: number | undefined;
  /** Ends the guard without touching the groups (the agent has already ended them). */
  close(): void;
}

/** Starts a guard. It does not keep the agent's event loop alive. */
export function startJobGuard(): JobGuard {
  const child: ChildProcess = process
    .getBuiltinModule("node:child_process")
    .spawn("/bin/sh", ["-c", SCRIPT], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  const input = child.stdin as Writable & { _handle?: { unref?(): void } };
  child.unref();
  input._handle?.unref?.(); // the pipe too: a guard must never keep the agent running
  input.on("error", () => {}); // the guard died: nothing to report, the agent still kills its jobs itself
  const send = (line: string) => {
    if (!input.destroyed) input.write(`${line}\n`);
  };
  return {
    add: (pgid) => send(`+${pgid}`),
    remove: (pgid) => send(`-${pgid}`),
    pid: child.pid,
    close() {
      try {
        child.kill("SIGKILL");
      } catch {}
      input.destroy();
    },
  };
}
