// The task file of `pi run --task task.json`: what to do (the prompt), with which model or model
// role, under which permission mode, sandbox, limits and output schema, in which folder. It is
// checked against this schema (TypeBox, compiled by ajv) and turned into the flags `pi -p` takes,
// so a task file and the equivalent command line run exactly the same way.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Type, type Static } from "@sinclair/typebox";
import { Ajv } from "ajv";

export const TaskSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ description: "a name for the task, echoed in result.json" })),
    prompt: Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })], {
      description: "the message, or several sent one after another",
    }),
    model: Type.Optional(Type.String({ description: "provider/id, an id, or a pattern, as --model" })),
    provider: Type.Optional(Type.String()),
    role: Type.Optional(Type.String({ description: "a model role of settings modelRoles (default, small, plan, ...)" })),
    thinking: Type.Optional(Type.String()),
    permissionMode: Type.Optional(Type.Union(["yolo", "ask", "accept-edits", "read-only"].map((m) => Type.Literal(m)))),
    sandbox: Type.Optional(Type.String({ description: "as --sandbox: off, read-only, workspace-write" })),
    tools: Type.Optional(Type.Array(Type.String())),
    appendSystemPrompt: Type.Optional(Type.String()),
    limits: Type.Optional(
      Type.Object(
        {
          maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
          maxCost: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          maxTime: Type.Optional(Type.Union([Type.String(), Type.Number({ exclusiveMinimum: 0 })])),
        },
        { additionalProperties: false },
      ),
    ),
    outputSchema: Type.Optional(
      Type.Union([Type.String(), Type.Object({})], { description: "a JSON Schema file (relative to the task file) or the schema itself" }),
    ),
    cwd: Type.Optional(Type.String({ description: "the working directory (relative to the task file); default: where pi runs" })),
  },
  { additionalProperties: false },
);
export type Task = Static<typeof TaskSchema>;

/** Reads and checks the task file (or `text` given for it); throws an error naming the file and each problem. */
export function readTask(file: string, text?: string): Task {
  let value: unknown;
  try {
    value = JSON.parse(text ?? readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`--task ${file}: ${(error as Error).message}`);
  }
  const validate = new Ajv({ allErrors: true, strict: false }).compile(TaskSchema);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(task)"} ${e.message}${extra(e.params)}`);
    throw new Error(`--task ${file}: ${problems.join("; ")}`);
  }
  return value as Task;
}

function extra(params: Record<string, unknown>): string {
  return typeof params.additionalProperty === "string" ? `: "${params.additionalProperty}"` : "";
}

/** The task as `pi -p` flags and messages; `schemaFile` is where an inline output schema was written. */
export function taskArgs(task: Task, taskFile: string, opts: { roleModel?: string; schemaFile?: string }): string[] {
  const base = dirname(resolve(taskFile));
  const args: string[] = [];
  const flag = (name: string, value: unknown) => value !== undefined && args.push(`--${name}`, String(value));
  flag("provider", task.provider);
  flag("model", task.model ?? opts.roleModel);
  flag("thinking", task.thinking);
  flag("permission-mode", task.permissionMode);
  flag("sandbox", task.sandbox);
  if (task.tools) flag("tools", task.tools.join(","));
  flag("append-system-prompt", task.appendSystemPrompt);
  flag("max-turns", task.limits?.maxTurns);
  flag("max-cost", task.limits?.maxCost);
  flag("max-time", task.limits?.maxTime);
  if (typeof task.outputSchema === "string") flag("output-schema", resolve(base, task.outputSchema));
  else if (task.outputSchema) flag("output-schema", opts.schemaFile);
  return args;
}

/** The folder the job runs in. */
export function taskCwd(task: Task, taskFile: string, fallback: string): string {
  return task.cwd === undefined ? fallback : resolve(dirname(resolve(taskFile)), task.cwd);
}
