// The `pi` process's last word on errors nobody else handled. A reader that goes away
// (`pi --mode json … | head -1`, a closed terminal, an RPC client that quit) ends the run quietly,
// as a closed pipe ends any Unix filter: there is no one left to read a message. Any other error
// is printed as its message and stack frames only: Node's own report of an uncaught exception
// starts with the source line that threw, and in the bundled build that line is kilobytes of code.
// Installed by the CLI only: an SDK host keeps its own handlers. A plugin's stray error stays
// compose/crash-guard.ts's to report, and the agent runs on.

/** A write to a pipe or socket whose reader is gone. */
export function isClosedPipe(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED";
}

export function installProcessErrors(): void {
  const gone = () => process.exit(process.exitCode ?? 0);
  for (const stream of [process.stdout, process.stderr]) stream.on("error", (error) => (isClosedPipe(error) ? gone() : lastResort(error)));
  for (const event of ["uncaughtException", "unhandledRejection"] as const)
    process.on(event as "uncaughtException", (error: unknown) => {
      // A plugin's stray error: compose/crash-guard.ts reports it and the agent runs on.
      if (guardOwns(event, error)) return;
      lastResort(error);
    });
}

type Guard = ((error: unknown) => void) & { piKernelOwns?: (error: unknown) => boolean };
const guardOwns = (event: "uncaughtException" | "unhandledRejection", error: unknown) =>
  (process.listeners(event as "uncaughtException") as Guard[]).some((l) => l.piKernelOwns?.(error) === true);

function lastResort(error: unknown): void {
  if (isClosedPipe(error)) process.exit(process.exitCode ?? 0);
  try {
    process.stderr.write(`pi: internal error: ${describe(error)}\n`);
  } catch {
    // stderr is gone too: nothing left to tell
  }
  process.exit(1);
}

/** The message and the `at …` frames, never a source excerpt. */
export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [error.message, ...frames.slice(0, 8)].join("\n");
}
