// The user shell in `pi attach`, run on the server as a local session runs it here:
// - `!cmd` / `!!cmd` go to RPC `bash` (in the session's directory and shell) with `stream: true`,
//   so the output shows while the command runs (`bash_output` records); Esc sends `abort_bash`. The
//   server records the run in the conversation; its message_end reaches the mirror like any other.
// - Ctrl+B sends what runs in the foreground on the server (the model's bash calls, this client's
//   `!cmd`) to the background through RPC `to_background`; the footer shows the key once one runs
//   for a moment, as the jobs plugin's offers do locally (the same class draws the hint).
import type { ForegroundCommand, ShellJobsService } from "../contracts/shell-jobs.js";
import type { BashResult, UserBashService } from "../contracts/user-bash.js";
import { ForegroundOffers } from "../plugins/jobs/foreground.js";
import type { RemoteAgent } from "./attach-remote-agent.js";

export interface RemoteShell {
  userBash: UserBashService;
  /** What the UI's Ctrl+B reads (plugins/ui-interactive/to-background.ts). */
  shellJobs: Pick<ShellJobsService, "foreground">;
}

export function remoteShell(remote: RemoteAgent, hint: (text: string | undefined) => void): RemoteShell {
  const offers = new ForegroundOffers();
  offers.hint = hint;
  const offer = (command: string): (() => void) => offers.add(toBackground(remote, command));
  // The model's bash calls on the server, from the events every client gets.
  const calls = new Map<string, () => void>();
  remote.onEvent((e) => {
    const r = e as { type: string; toolCallId?: string; toolName?: string; args?: { command?: unknown } };
    if (r.type === "tool_execution_start" && r.toolName === "bash" && r.toolCallId)
      calls.set(r.toolCallId, offer(String(r.args?.command ?? "")));
    else if (r.type === "tool_execution_end" && r.toolCallId) {
      calls.get(r.toolCallId)?.();
      calls.delete(r.toolCallId);
    } else if (r.type === "agent_end") {
      for (const withdraw of calls.values()) withdraw();
      calls.clear();
    }
  });
  let running = false;
  const userBash: UserBashService = {
    get running() {
      return running;
    },
    abort: () => void remote.call({ type: "abort_bash" }).catch(() => undefined),
    intercept: () => () => undefined,
    run: async (command, opts = {}) => {
      running = true;
      const withdraw = offer(command);
      const shown = opts.onData;
      try {
        const request = { type: "bash", command, excludeFromContext: opts.excludeFromContext === true, stream: true };
        return (await remote.call(request, (r) => shown?.(String(r.output ?? "")))) as BashResult;
      } finally {
        withdraw();
        running = false;
      }
    },
  };
  return { userBash, shellJobs: { foreground: () => offers.list() } };
}

/** A command running on the server, which Ctrl+B sends to the background there. */
function toBackground(remote: RemoteAgent, command: string): ForegroundCommand {
  return {
    command,
    toBackground: async () => ((await remote.call({ type: "to_background", command })) as { jobs: { id: string }[] }).jobs[0]?.id,
  };
}
