// The person's key (app.jobs.background, Ctrl+B as in Claude Code) for a foreground command that
// is taking too long: while the jobs plugin has one on offer (the model's bash call, or `!cmd`),
// it becomes a background job and the turn goes on; with none running, the key is left to the
// editor (Ctrl+B moves the cursor left, as in pi).
import type { InteractiveApp } from "./app.js";

/** Sends every foreground command on offer to the background; false when none was running. */
export function sendToBackground(app: InteractiveApp): boolean {
  const running = app.api.services.get("shellJobs")?.foreground() ?? [];
  for (const command of running) {
    command.toBackground().then(
      (id) => id && app.notify(`Moved to the background as ${id}: ${command.command}`),
      (error: Error) => app.notify(error.message, "error"),
    );
  }
  return running.length > 0;
}
