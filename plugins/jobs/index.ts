// Background jobs: bash's `run_in_background: true` hands a command (already through the same
// permission gate and with the same sandbox wrapper as a foreground run) to the "shellJobs"
// service this plugin provides. The model manages jobs with the `jobs` and `job_input` tools and
// is told when one exits or prints a line it asked about; the person has `/jobs`, a footer
// count, RPC's `get_jobs` / `kill_job` and the `job_*` events every stream carries. Jobs end with
// the session (a guard process covers an agent that is killed outright); `detach: true` ones
// survive and are listed again when the session is resumed.
import { definePlugin, Stage, Type } from "pi-kernel";
import type { ForegroundCommand, ShellJobsService } from "../../contracts/shell-jobs.js";
import { rememberDetached, detachedJobs } from "./detached-store.js";
import type { Job } from "./job.js";
import { JobTable } from "./job-table.js";
import { registerJobsCommand } from "./jobs-command.js";
import { createJobInputTool, createJobsTool } from "./jobs-tool.js";
import { createNotifier, exitNotice, matchNotice } from "./notices.js";
import { ForegroundOffers } from "./foreground.js";

export default definePlugin({
  name: "jobs",
  provides: ["shellJobs"],
  uses: ["ui", "sessions"],
  settings: Type.Object({
    jobs: Type.Optional(Type.Object({ autoContinue: Type.Optional(Type.Boolean()) })),
  }),
  setup(api) {
    const notify = createNotifier(api);
    // The table outlives reloads of this plugin (jobs keep running while its code is edited).
    const holder = api.keep("table", () => ({ table: undefined as JobTable | undefined }));
    // Foreground commands that Ctrl+B may send to the background (kept too: a command outlives a reload).
    const offers = api.keep("foreground", () => new ForegroundOffers());
    offers.hint = (text) => {
      if (api.flags.mode === "interactive") live()?.services.get("ui")?.setStatus("jobs-foreground", text);
    };
    // After the agent has stopped (print mode's end) a job's exit has no plugin to report to.
    const live = () => {
      try {
        return api.actions && api; // any use of the api of a plugin that has left throws
      } catch {
        return undefined;
      }
    };
    const status = () => {
      const n = holder.table?.running() ?? 0;
      live()
        ?.services.get("ui")
        ?.setStatus("jobs", n > 0 ? `${n} job${n === 1 ? "" : "s"}` : undefined);
    };
    // The jobs tools join the model's tools when the first job starts (or is found again), not
    // before: a session that never backgrounds anything keeps pi's four tools and prompt.
    const offerTools = () => {
      const now = live();
      const active = now?.agent.activeToolNames();
      if (!now || !active || active.includes("jobs")) return;
      now.actions.setActiveTools([...active, "jobs", "job_input"]);
    };
    const table = () =>
      (holder.table ??= new JobTable({
        started(job) {
          offerTools();
          live()?.actions.emit({ type: "job_start", job: job.info() });
          status();
        },
        ended(job: Job) {
          const now = live();
          if (!now) return;
          now.actions.emit({ type: "job_exit", job: job.info() });
          status();
          // Decided once the notice is ready: the call that started it may have seen the end meanwhile.
          if (!job.endSeen) void exitNotice(job).then((text) => job.endSeen || notify(text));
        },
        matched(job, pattern, line) {
          live()?.actions.emit({ type: "job_match", job: job.info(), pattern, line });
          notify(matchNotice(job, pattern, line));
        },
      }));
    // A resumed session lists its detached jobs again while they run: looked up at start and
    // whenever the session changed since (a /resume), before anything reads the table.
    const adopted = api.keep("adopted", () => ({ sessionId: undefined as string | undefined }));
    const synced = () => {
      const id = api.agent.sessionId;
      if (id && adopted.sessionId !== id) {
        adopted.sessionId = id;
        for (const record of detachedJobs(api.agentDir, id)) table().adopt(record);
      }
      return table();
    };
    const service: ShellJobsService = {
      async start(start) {
        const started = await synced().start(start);
        if (start.detach) {
          try {
            rememberDetached(api.agentDir, api.agent.sessionId, table().get(started.id).record);
          } catch (error) {
            api.log.warn(`could not record detached job ${started.id}: ${(error as Error).message}`);
          }
        }
        return started;
      },
      list: () => synced().list(),
      kill: async (id) => (await synced().kill(id)).info,
      offerForeground: (command: ForegroundCommand) => offers.add(command),
      foreground: () => offers.list(),
      takeOver: (run) => synced().takeOver(run),
    };
    api.services.provide("shellJobs", service);
    api.register.tool(createJobsTool(synced));
    api.register.tool(createJobInputTool(synced));
    registerJobsCommand(api, synced);
    api.register.rpcCommand({ name: "get_jobs", handler: () => ({ jobs: service.list() }) });
    api.register.rpcCommand({
      name: "kill_job",
      // The job is `jobId`: `id` is the command's own (the response carries it). A bare `id` naming
      // the job is still read, for clients written against the first version of this command.
      handler: async (cmd) => ({ job: await service.kill(String(cmd.jobId ?? cmd.id ?? "")) }),
    });
    // After the session store has opened the session (its id): the footer counts adopted jobs too.
    api.on("boot", () => void synced(), { stage: Stage.LATE });
    // Leaving the session for another (/new, /resume) ends its jobs as quitting does; a fork goes on with them.
    let removeGate: (() => void) | undefined;
    api.on("boot", () => {
      removeGate ??= api.services.get("sessions")?.addGate((e) => {
        if (e.type === "session_shutdown" && e.reason !== "fork") holder.table?.killSessionJobs();
        return undefined;
      });
    });
    api.onDispose(() => removeGate?.());
    api.on("shutdown", (reason) => {
      if (reason === "quit") holder.table?.killSessionJobs();
    });
  },
});
