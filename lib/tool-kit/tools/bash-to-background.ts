// Sending a running foreground command to the background (the person's Ctrl+B, as in Claude
// Code). While bash runs a command, it is offered to the "shellJobs" service; when the UI asks
// for it, the running process (not a new one) is handed over with the output it printed so far,
// becomes a job, and the tool call returns at once with the job's id, as `run_in_background`
// would have. The command has already passed the permission gate and runs in the sandbox it
// started in: the job is the same process, so nothing about its confinement changes.
import type { ShellJobsService } from "../../../contracts/shell-jobs.js";
import { killProcessGroup } from "../shell/process-group.js";
import type { HandedOver } from "../shell/run-command.js";

export interface BackgroundOffer {
  /** For runBash: receives the run's `takeOver`. */
  onStart(takeOver: () => HandedOver | undefined): void;
  /** The command is over (or handed over): it is no longer on offer. */
  withdraw(): void;
  /** Makes the handed-over process a job; the text is the tool result (`head`: the end of its output so far). */
  finish(run: HandedOver & { earlier: { file?: string; text: string } }): Promise<{ text: string; jobId: string; head: string }>;
}

/** Offers a foreground bash command to `jobs` for as long as it runs; undefined without a jobs service. */
export function offerToBackground(jobs: ShellJobsService | undefined, command: string): BackgroundOffer | undefined {
  if (!jobs) return undefined;
  let takeOver: (() => HandedOver | undefined) | undefined;
  // The UI's toBackground() waits for the job to exist: settled by finish().
  let told: ((id: string | undefined) => void) | undefined;
  const withdraw = jobs.offerForeground({
    command,
    toBackground: () =>
      new Promise((resolve) => {
        if (told || !takeOver?.()) return resolve(undefined); // not started yet, already ended, or already moved
        told = resolve;
      }),
  });
  return {
    onStart: (fn) => {
      takeOver = fn;
    },
    withdraw,
    async finish(run) {
      try {
        const started = await jobs.takeOver({ command, ...run });
        told?.(started.id);
        const head = started.head ? `\nOutput so far (the end of it):\n${started.head}` : "\n(no output yet)";
        const text =
          `The user moved this command to the background as job ${started.id} (pid ${started.pid}); it is still running.${head}\n` +
          `Full output: ${started.outputPath}. Use the jobs tool (output, wait, kill) with id "${started.id}".`;
        return { text, jobId: started.id, head: started.head };
      } catch (error) {
        told?.(undefined);
        // The process is ours and nobody else will end it: end it rather than leave it running unseen.
        killProcessGroup(run.pid);
        throw new Error(`Could not move the command to the background: ${(error as Error).message}`);
      }
    },
  };
}
