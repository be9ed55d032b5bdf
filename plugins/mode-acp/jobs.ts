// Background jobs over ACP: what RPC offers (`get_jobs`, `kill_job`, the `job_*` events), in
// ACP's own extension terms. The protocol reserves method names that start with "_" for
// extensions and has implementations advertise them in the `_meta` of their capabilities, so:
// - initialize answers `agentCapabilities._meta["pi-kernel"].jobs` (when the jobs plugin is in);
// - `_pi-kernel/jobs/list` answers `{jobs}` and `_pi-kernel/jobs/kill {id}` answers `{job}`;
// - each job event goes out as the notification `_pi-kernel/jobs/event` with the bound session's
//   id and the event as RPC has it (`{type: "job_start" | "job_exit" | "job_match", job, ...}`).
// A client that knows none of this loses nothing: a job's start and end also reach it through the
// tool calls and the conversation, as they reach the model.
import type { AgentApp } from "@agentclientprotocol/sdk";
import { type AgentEvent, isEvent, type PluginApi } from "pi-kernel";
import type {} from "../../contracts/shell-jobs.js";
import type { AcpState } from "./state.js";

export const JOB_METHODS = { list: "_pi-kernel/jobs/list", kill: "_pi-kernel/jobs/kill", event: "_pi-kernel/jobs/event" } as const;

/** What initialize advertises under `agentCapabilities._meta["pi-kernel"]`. */
export function jobsCapability(api: PluginApi): Record<string, unknown> | undefined {
  return api.services.has("shellJobs") ? { jobs: { ...JOB_METHODS } } : undefined;
}

const params = (raw: unknown): Record<string, unknown> => (raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {});

export function serveJobMethods(app: AgentApp, api: PluginApi): void {
  const jobs = () => {
    const service = api.services.get("shellJobs");
    if (!service) throw new Error("Background jobs are not available (the jobs plugin is not loaded)");
    return service;
  };
  app.onRequest(JOB_METHODS.list, params, () => ({ jobs: jobs().list() }));
  app.onRequest(JOB_METHODS.kill, params, async ({ params: p }) => {
    if (typeof p.id !== "string" || !p.id) throw new Error(`${JOB_METHODS.kill} needs an id (a string such as "job-1")`);
    return { job: await jobs().kill(p.id) };
  });
}

/** Forwards a job event to the client (idle or not: a job may end between prompts). */
export function forwardJobEvent(state: AcpState, event: AgentEvent): void {
  if (!isEvent(event, "job_start") && !isEvent(event, "job_exit") && !isEvent(event, "job_match")) return;
  const sessionId = state.sessionId;
  if (!state.client || !sessionId) return;
  state.client.notify(JOB_METHODS.event, { sessionId, ...event }).catch(() => {});
}
