// pi-ai's tool-call validation: the arguments checked against the tool's JSON schema (built with
// TypeBox 0.34 or 1.x, or written by hand), with primitives coerced as models often send them
// ("5" for 5); failures throw pi's message naming the tool, each problem and what was received.
import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";

interface Tool {
  name: string;
  parameters: object;
}
interface ToolCall {
  name: string;
  arguments: unknown;
}

let ajv: AjvInstance | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function validator(schema: object): ValidateFunction {
  ajv ??= new (createRequire(import.meta.url)("ajv") as typeof import("ajv")).Ajv({ allErrors: true, strict: false, coerceTypes: true });
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = ajv.compile(schema)));
  return check;
}

function describe(e: ErrorObject): string {
  const path = e.instancePath ? e.instancePath.slice(1).replaceAll("/", ".") : "root";
  const extra = e.keyword === "required" ? "" : e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : "";
  return `  - ${path}: ${e.message ?? e.keyword}${extra}`;
}

/** The validated (coerced) arguments; throws when they do not match the tool's schema. */
export function validateToolArguments(tool: Tool, toolCall: ToolCall): unknown {
  const args = structuredClone(toolCall.arguments ?? {});
  const check = validator(tool.parameters);
  if (check(args)) return args;
  const errors = (check.errors ?? []).map(describe).join("\n") || "Unknown validation error";
  throw new Error(
    `Validation failed for tool "${toolCall.name}":\n${errors}\n\nReceived arguments:\n${JSON.stringify(toolCall.arguments, null, 2)}`,
  );
}

export function validateToolCall(tools: Tool[], toolCall: ToolCall): unknown {
  const tool = tools.find((t) => t.name === toolCall.name);
  if (!tool) throw new Error(`Tool "${toolCall.name}" not found`);
  return validateToolArguments(tool, toolCall);
}
