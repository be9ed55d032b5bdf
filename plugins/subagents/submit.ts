// Structured results: when the caller gives an output schema, the child gets a `submit_result`
// tool whose parameters are that schema. The kernel validates the call like any tool call and
// sends readable errors back to the child until it gets it right; a valid call ends the child's
// run (terminate) and its value becomes the subagent's result.
import type { TSchema, ToolDef } from "pi-kernel";

export type OutputSchema = Record<string, unknown>;

export interface SubmitTool {
  name: string;
  tool: ToolDef;
  /** Added to the child's system prompt. */
  instructions: string;
}

const NAME = "submit_result";

export function submitTool(schema: OutputSchema, onSubmit: (value: unknown) => void): SubmitTool {
  // Tool parameters are an object; any other schema is wrapped as { result: ... }.
  const wrapped = schema.type !== "object";
  const parameters = (wrapped ? { type: "object", properties: { result: schema }, required: ["result"] } : schema) as unknown as TSchema;
  const tool: ToolDef = {
    name: NAME,
    label: "Submit result",
    description: "Submit your final result. Its arguments must match the required output schema; this ends your task.",
    parameters,
    async execute(_id, params) {
      onSubmit(wrapped ? (params as { result: unknown }).result : params);
      return { content: [{ type: "text", text: "Result submitted." }], terminate: true };
    },
  };
  const instructions = wrapped
    ? `When you are done, call ${NAME} once with {"result": <your result>} matching this JSON schema: ${JSON.stringify(schema)}`
    : `When you are done, call ${NAME} once with your result as its arguments (they follow the required output schema).`;
  return { name: NAME, tool, instructions };
}
