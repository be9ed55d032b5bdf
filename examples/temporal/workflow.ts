// The workflow: runs the pi task as an Activity (heartbeat timeout: pi heartbeats on every event),
// and holds permission questions until a person answers them with the `answerPermission` Signal.
// Type-checked against @temporalio/workflow; never run here (no Temporal server on this machine).
import { condition, defineQuery, defineSignal, proxyActivities, setHandler } from "@temporalio/workflow";
import type { createActivities } from "./activities.js";
import type { PermissionQuestion, PiTaskInput, PiTaskResult } from "./pi-activity.js";

export const permissionRequested = defineSignal<[PermissionQuestion]>("permissionRequested");
export const answerPermission = defineSignal<[{ id: string; answer: string }]>("answerPermission");
export const permissionAnswer = defineQuery<string | null, [string]>("permissionAnswer");
export const pendingQuestions = defineQuery<PermissionQuestion[]>("pendingQuestions");

const { piTask } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: "2 hours",
  heartbeatTimeout: "2 minutes",
  retry: { maximumAttempts: 1 },
});

export async function piTaskWorkflow(input: PiTaskInput): Promise<PiTaskResult> {
  const pending = new Map<string, PermissionQuestion>();
  const answers = new Map<string, string>();
  setHandler(permissionRequested, (q) => void pending.set(q.id, q));
  setHandler(answerPermission, ({ id, answer }) => {
    pending.delete(id);
    answers.set(id, answer);
  });
  setHandler(permissionAnswer, (id) => answers.get(id) ?? null);
  setHandler(pendingQuestions, () => [...pending.values()]);
  const result = await piTask(input);
  // Let a person's last answer land before the workflow closes.
  await condition(() => pending.size === 0, "1 minute");
  return result;
}
