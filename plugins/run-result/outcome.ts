// How a run ended, as result.json says it and the exit code `pi run` returns:
// 0 done, 1 failed, 2 a limit was reached, 3 a permission question nobody could answer,
// 143 interrupted (SIGTERM, the shell's 128 + 15; the session resumes like after a limit).
import type { AssistantMessage } from "pi-kernel";
import type { RunStop } from "../../contracts/limits.js";
import type { AnswerCheck } from "../../contracts/output-schema.js";

export type RunStatus = "done" | "failed" | "limit" | "needs-approval" | "interrupted";

export const EXIT_CODES: Record<RunStatus, number> = { done: 0, failed: 1, limit: 2, "needs-approval": 3, interrupted: 143 };

export interface Outcome {
  status: RunStatus;
  reason?: string;
  /** The final answer's text, or the JSON value when an output schema applies and it matched. */
  final?: unknown;
}

export function outcome(stop: RunStop | undefined, last: AssistantMessage | undefined, schema: AnswerCheck | undefined): Outcome {
  const text = last ? answerText(last) : undefined;
  if (stop) {
    const status: RunStatus = stop.cause === "interrupted" || stop.cause === "needs-approval" ? stop.cause : "limit";
    return { status, reason: stop.reason, final: text || undefined };
  }
  if (!last) return { status: "failed", reason: "the run produced no answer" };
  if (last.stopReason === "error" || last.stopReason === "aborted") {
    return { status: "failed", reason: last.errorMessage ?? `request ${last.stopReason}` };
  }
  if (schema && !schema.ok) return { status: "failed", reason: `--output-schema: ${schema.error}`, final: text };
  return { status: "done", final: schema?.ok ? schema.value : text };
}

function answerText(m: AssistantMessage): string {
  return m.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
}
