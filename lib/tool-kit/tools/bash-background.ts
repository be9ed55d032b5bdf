// bash's `run_in_background` (and `detach`): the extension point the "shellJobs" service plugs
// into. The call has passed the same toolCall gate as any bash call (permissions, rules, hooks
// see the same `command`), and the job gets the same environment and the same sandbox wrapper a
// foreground run would; only who waits for it differs. Without a jobs provider the parameters
// are still declared but refused with a clear error, so a model is never silently run in front.
import type { ShellJobsService } from "../../../contracts/shell-jobs.js";
import type { ShellSandboxService } from "../../../contracts/shell-sandbox.js";
import { Type } from "pi-kernel";
import { pickShell } from "../shell/shell.js";

export const backgroundParameters = {
  run_in_background: Type.Optional(
    Type.Boolean({
      description:
        "Run the command as a background job and return at once with its id and first lines (servers, watchers, long " +
        "builds). `timeout` does not apply. Use the jobs tool to read its output, wait for it or kill it; you are told when it exits.",
    }),
  ),
  detach: Type.Optional(Type.Boolean({ description: "With run_in_background: keep the job running after this session ends" })),
};

export interface BackgroundCall {
  command: string;
  cwd: string;
  detach?: boolean;
  env: NodeJS.ProcessEnv;
  sandbox?: ShellSandboxService;
  jobs?: ShellJobsService;
}

export async function runInBackground(
  call: BackgroundCall,
): Promise<{ text: string; details: { jobId: string; pid: number; outputPath: string } }> {
  if (!call.jobs)
    throw new Error("Background jobs are not available here (no plugin provides them); run the command without run_in_background.");
  // Refuses (fail closed) exactly when a foreground run would: a sandbox that is on but cannot start.
  const wrapper = call.sandbox ? await call.sandbox.wrapper(call.cwd) : [];
  const started = await call.jobs.start({
    command: call.command,
    cwd: call.cwd,
    shell: pickShell(),
    env: call.env,
    wrapper,
    detach: call.detach === true,
  });
  const state =
    started.exitCode === undefined
      ? "is running"
      : started.exitCode === null
        ? "has already ended"
        : `has already exited with code ${started.exitCode}`;
  const head = started.head ? `\nFirst lines:\n${started.head}` : "\n(no output yet)";
  const text =
    `Started background job ${started.id} (pid ${started.pid}); it ${state}.${head}\n` +
    `Full output: ${started.outputPath}. Use the jobs tool (output, wait, kill) with id "${started.id}".`;
  return { text, details: { jobId: started.id, pid: started.pid, outputPath: started.outputPath } };
}
