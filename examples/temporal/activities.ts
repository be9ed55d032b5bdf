// The Temporal Activity: runPiTask with Temporal's heartbeat and cancellation. A permission
// question is sent to the workflow as a Signal (through a Temporal Client the worker creates) and
// the Activity then waits, heartbeating, until the workflow's `permissionAnswer` Query has an
// answer (a person sent it with the `answerPermission` Signal). Type-checked with
// @temporalio/activity; the client is a minimal interface (@temporalio/client needs the worker's
// native bridge only at run time, which this repository does not install).
import { Context } from "@temporalio/activity";
import { type PermissionQuestion, type PiTaskInput, type PiTaskResult, runPiTask } from "./pi-activity.js";

/** What the Activity needs of @temporalio/client's WorkflowHandle. */
export interface WorkflowHandleLike {
  signal(name: string, ...args: unknown[]): Promise<void>;
  query<T>(name: string, ...args: unknown[]): Promise<T>;
}

export function createActivities(handleFor: (workflowId: string) => WorkflowHandleLike) {
  return {
    async piTask(input: PiTaskInput): Promise<PiTaskResult> {
      const ctx = Context.current();
      const workflow = handleFor(ctx.info.workflowExecution?.workflowId ?? "");
      return runPiTask(input, {
        heartbeat: (detail) => ctx.heartbeat(detail),
        signal: ctx.cancellationSignal,
        askPermission: async (question: PermissionQuestion) => {
          await workflow.signal("permissionRequested", question);
          for (;;) {
            const answer = await workflow.query<string | null>("permissionAnswer", question.id);
            if (answer !== null) return answer;
            ctx.heartbeat({ event: "waiting_for_permission", question: question.id });
            await ctx.sleep(1000);
          }
        },
      });
    },
  };
}
