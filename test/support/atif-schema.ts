// Harbor's trajectory format (ATIF v1.6, RFC 0001 of harbor-framework/harbor) as a JSON Schema, for
// checking what pi-kernel writes: the root, step, tool-call, observation and metrics objects with
// the RFC's required fields and types, nothing else allowed (Harbor's models forbid unknown
// fields), plus the two rules the RFC states in prose (`atifProblems`).
import { Ajv } from "ajv";

const extra = { type: "object" };
const count = { type: "integer", minimum: 0 };
const usd = { type: "number", minimum: 0 };
const toolCall = {
  type: "object",
  additionalProperties: false,
  required: ["tool_call_id", "function_name", "arguments"],
  properties: { tool_call_id: { type: "string" }, function_name: { type: "string" }, arguments: { type: "object" }, extra },
};
const result = {
  type: "object",
  additionalProperties: false,
  properties: {
    source_call_id: { type: ["string", "null"] },
    content: { type: ["string", "array", "null"] },
    subagent_trajectory_ref: { type: ["array", "null"] },
    extra,
  },
};
const metrics = {
  type: "object",
  additionalProperties: false,
  properties: {
    prompt_tokens: count,
    completion_tokens: count,
    cached_tokens: count,
    cost_usd: usd,
    prompt_token_ids: { type: "array" },
    completion_token_ids: { type: "array" },
    logprobs: { type: "array" },
    extra,
  },
};
const step = {
  type: "object",
  additionalProperties: false,
  required: ["step_id", "source", "message"],
  properties: {
    step_id: { type: "integer", minimum: 1 },
    timestamp: { type: "string", format: "date-time" },
    source: { enum: ["system", "user", "agent"] },
    model_name: { type: "string" },
    reasoning_effort: { type: ["string", "number"] },
    message: { type: ["string", "array"] },
    reasoning_content: { type: "string" },
    tool_calls: { type: "array", items: toolCall },
    observation: {
      type: "object",
      additionalProperties: false,
      required: ["results"],
      properties: { results: { type: "array", items: result } },
    },
    metrics,
    is_copied_context: { type: "boolean" },
    extra,
  },
};
export const ATIF_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["schema_version", "session_id", "agent", "steps"],
  properties: {
    schema_version: { enum: ["ATIF-v1.0", "ATIF-v1.1", "ATIF-v1.2", "ATIF-v1.3", "ATIF-v1.4", "ATIF-v1.5", "ATIF-v1.6"] },
    session_id: { type: "string" },
    agent: {
      type: "object",
      additionalProperties: false,
      required: ["name", "version"],
      properties: {
        name: { type: "string" },
        version: { type: "string" },
        model_name: { type: "string" },
        tool_definitions: { type: "array" },
        extra,
      },
    },
    steps: { type: "array", minItems: 1, items: step },
    notes: { type: "string" },
    final_metrics: {
      type: "object",
      additionalProperties: false,
      properties: {
        total_prompt_tokens: count,
        total_completion_tokens: count,
        total_cached_tokens: count,
        total_cost_usd: usd,
        total_steps: count,
        extra,
      },
    },
    continued_trajectory_ref: { type: "string" },
    extra,
  },
};

/** What is wrong with a trajectory: schema errors, then the RFC's rules (step ids 1..n; results answer calls of their step). */
export function atifProblems(trajectory: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat("date-time", (s: string) => !Number.isNaN(Date.parse(s)));
  const validate = ajv.compile(ATIF_SCHEMA);
  if (!validate(trajectory)) return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  const problems: string[] = [];
  const steps = (
    trajectory as {
      steps: { step_id: number; tool_calls?: { tool_call_id: string }[]; observation?: { results: { source_call_id?: string }[] } }[];
    }
  ).steps;
  steps.forEach((s, i) => {
    if (s.step_id !== i + 1) problems.push(`step ${i + 1} has step_id ${s.step_id}`);
    const ids = new Set((s.tool_calls ?? []).map((c) => c.tool_call_id));
    for (const r of s.observation?.results ?? [])
      if (r.source_call_id && !ids.has(r.source_call_id)) problems.push(`step ${s.step_id}: result for unknown call ${r.source_call_id}`);
  });
  return problems;
}
