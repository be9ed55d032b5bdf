// Ctrl+Z: stop in the background like any terminal program. The terminal is given back first
// (raw mode, bracketed paste and Kitty keys off, cursor shown, the alternate screen left), then
// the process group gets SIGTSTP, so children and a launcher stop too and the shell sees the job
// stop. `fg` sends SIGCONT: the terminal is taken again and everything redrawn.
import type { InteractiveApp } from "./app.js";

export function suspendToBackground(app: InteractiveApp): void {
  if (process.platform === "win32") return app.notify("Suspending to the background is not supported on Windows", "warning");
  // With the terminal released nothing may hold the event loop open; keep it alive until resumed.
  const keepAlive = setInterval(() => {}, 2 ** 30);
  // Ctrl+C typed at the shell while stopped must not kill us on resume.
  const ignoreInterrupt = () => {};
  process.on("SIGINT", ignoreInterrupt);
  const resume = () => {
    clearInterval(keepAlive);
    process.off("SIGINT", ignoreInterrupt);
    app.reclaimTerminal();
  };
  process.once("SIGCONT", resume);
  app.releaseTerminal();
  try {
    process.kill(0, "SIGTSTP");
  } catch (error) {
    process.off("SIGCONT", resume);
    resume();
    app.notify(`Could not suspend: ${(error as Error).message}`, "error");
  }
}
