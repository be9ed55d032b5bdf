// A pi session as a Harbor trajectory: the Agent Trajectory Interchange Format (ATIF, Harbor's RFC
// 0001; Harbor's viewer, its SFT/RL pipelines and Terminal-Bench read `trajectory.json` in this
// shape). The trajectory is the branch that ends at the session's leaf, root first, including what
// a compaction later summarised (a trajectory is the full history, not the model's last context).
// - a user message, a custom message or a `!cmd` the person ran is a `user` step;
// - an assistant message is an `agent` step: text, thinking (`reasoning_content`), tool calls and,
//   from the tool results that answer them, its `observation`; usage and cost are its `metrics`;
// - a compaction or a branch summary is a `system` step (ATIF's context-management convention).
import type { AgentMessage, AssistantMessage, ToolResultMessage } from "pi-kernel";
import type { SessionEntry, SessionHeader } from "../../contracts/session-entries.js";
import { bashText, textOf } from "./convert.js";

export const ATIF_VERSION = "ATIF-v1.6";

export interface AtifToolCall {
  tool_call_id: string;
  function_name: string;
  arguments: Record<string, unknown>;
}
export interface AtifObservationResult {
  source_call_id: string;
  content: string;
  extra?: Record<string, unknown>;
}
export interface AtifMetrics {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  cost_usd: number;
}
export interface AtifStep {
  step_id: number;
  timestamp: string;
  source: "system" | "user" | "agent";
  message: string;
  model_name?: string;
  reasoning_content?: string;
  tool_calls?: AtifToolCall[];
  observation?: { results: AtifObservationResult[] };
  metrics?: AtifMetrics;
  extra?: Record<string, unknown>;
}
export interface AtifTrajectory {
  schema_version: typeof ATIF_VERSION;
  session_id: string;
  agent: { name: string; version: string; model_name?: string };
  steps: AtifStep[];
  final_metrics: {
    total_prompt_tokens: number;
    total_completion_tokens: number;
    total_cached_tokens: number;
    total_cost_usd: number;
    total_steps: number;
  };
  extra?: Record<string, unknown>;
}

/** The entries from the root to `leafId` (default: the last entry, as pi resumes). */
export function branchTo(entries: readonly SessionEntry[], leafId?: string | null): SessionEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const out: SessionEntry[] = [];
  const seen = new Set<string>();
  for (let e = leafId === undefined ? entries.at(-1) : leafId === null ? undefined : byId.get(leafId); e && !seen.has(e.id); ) {
    seen.add(e.id);
    out.push(e);
    e = e.parentId ? byId.get(e.parentId) : undefined;
  }
  return out.reverse();
}

export function toAtif(header: SessionHeader, branch: readonly SessionEntry[], agent: { name: string; version: string }): AtifTrajectory {
  const steps: AtifStep[] = [];
  const step = (s: Omit<AtifStep, "step_id">) => steps.push({ step_id: steps.length + 1, ...s } as AtifStep);
  // Tool results answer the agent step holding their call (the latest one that asked).
  const asker = new Map<string, AtifStep>();
  for (const entry of branch) {
    const timestamp = entry.timestamp;
    if (entry.type === "compaction" || entry.type === "branch_summary") {
      step({ timestamp, source: "system", message: entry.summary, extra: { context_management: entry.type } });
      continue;
    }
    if (entry.type === "custom_message") {
      step({ timestamp, source: "user", message: textOf(entry.content), extra: { custom_type: entry.customType } });
      continue;
    }
    if (entry.type !== "message") continue;
    const m = entry.message;
    if (m.role === "assistant") {
      const s = agentStep(m as AssistantMessage, timestamp);
      step(s);
      for (const call of s.tool_calls ?? []) asker.set(call.tool_call_id, steps.at(-1)!);
    } else if (m.role === "toolResult") {
      observe(asker, m as ToolResultMessage);
    } else {
      const message = userText(m);
      if (message !== undefined) step({ timestamp, source: "user", message, ...(m.role !== "user" && { extra: { role: m.role } }) });
    }
  }
  const agents = steps.filter((s) => s.metrics);
  const sum = (k: keyof AtifMetrics) => agents.reduce((n, s) => n + s.metrics![k], 0);
  const model = agents.find((s) => s.model_name)?.model_name;
  return {
    schema_version: ATIF_VERSION,
    session_id: header.id,
    agent: { name: agent.name, version: agent.version, ...(model && { model_name: model }) },
    steps,
    final_metrics: {
      total_prompt_tokens: sum("prompt_tokens"),
      total_completion_tokens: sum("completion_tokens"),
      total_cached_tokens: sum("cached_tokens"),
      total_cost_usd: sum("cost_usd"),
      total_steps: steps.length,
    },
    extra: { cwd: header.cwd, ...(header.parentSession && { parent_session: header.parentSession }) },
  };
}

function agentStep(m: AssistantMessage, timestamp: string): Omit<AtifStep, "step_id"> {
  const text = m.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
  const thinking = m.content.flatMap((c) => (c.type === "thinking" && c.thinking ? [c.thinking] : [])).join("\n");
  const calls = m.content.flatMap((c) =>
    c.type === "toolCall" ? [{ tool_call_id: c.id, function_name: c.name, arguments: c.arguments }] : [],
  );
  const u = m.usage;
  return {
    timestamp,
    source: "agent",
    message: text,
    model_name: `${m.provider}/${m.model}`,
    ...(thinking && { reasoning_content: thinking }),
    ...(calls.length > 0 && { tool_calls: calls }),
    // ATIF's prompt_tokens include the cached ones (OpenAI's convention); pi counts them apart.
    metrics: {
      prompt_tokens: (u?.input ?? 0) + (u?.cacheRead ?? 0) + (u?.cacheWrite ?? 0),
      completion_tokens: u?.output ?? 0,
      cached_tokens: u?.cacheRead ?? 0,
      cost_usd: u?.cost?.total ?? 0,
    },
    ...((m.stopReason === "error" || m.stopReason === "aborted") && {
      extra: { stop_reason: m.stopReason, ...(m.errorMessage && { error: m.errorMessage }) },
    }),
  };
}

function observe(asker: Map<string, AtifStep>, r: ToolResultMessage): void {
  const s = asker.get(r.toolCallId);
  if (!s) return; // a result whose call is not on this branch (never written by pi): nothing to pair it with
  const images = r.content.filter((c) => c.type === "image").length;
  const result: AtifObservationResult = { source_call_id: r.toolCallId, content: textOf(r.content) };
  if (r.isError || images > 0) result.extra = { ...(r.isError && { is_error: true }), ...(images > 0 && { images }) };
  (s.observation ??= { results: [] }).results.push(result);
}

/** A person's message (or what pi records for them: a `!cmd` run, an extension's message) as text. */
function userText(m: AgentMessage): string | undefined {
  const r = m as Record<string, unknown>;
  switch (m.role) {
    case "user":
    case "custom":
      return textOf(r.content);
    case "bashExecution":
      return bashText(r);
    default:
      return undefined; // system prompts (pi 0.74+ records them) and summaries have their own steps
  }
}
