// `pi run --task task.json --out DIR [pi flags...]`: a headless job. The task file is checked
// (cli/run-task.ts) and becomes `pi -p` flags; the run-result plugin (plugins/run-result) claims
// the run because of `--out` and writes result.json, changes.patch, events.jsonl and the session
// to DIR. Without --task the flags alone say it all: `pi run --out DIR --max-turns 5 "fix the test"`.
// Exit codes: 0 done, 1 failed, 2 a limit was reached, 3 a permission question nobody could answer,
// 143 interrupted. A task that cannot be read fails (exit 1) with result.json saying why.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { agentDirOf } from "../compose/agent-dir.js";
import type { Task } from "./run-task.js";

const USAGE = `Usage: pi run --task task.json --out DIR [pi flags...] [message]

Runs one headless job and writes DIR/result.json, changes.patch, events.jsonl, session.jsonl.
Task fields: prompt, model | role, provider, thinking, permissionMode, sandbox, tools,
appendSystemPrompt, limits {maxTurns, maxCost, maxTime}, outputSchema (file or inline), cwd, id.
Flags given on the command line win over the task's. Never prompts.
Exit codes: 0 done, 1 failed, 2 limit reached, 3 needs approval, 143 interrupted.
See docs/usage/jobs.md.
`;

type Main = (argv: string[]) => Promise<number>;

export async function runCommand(argv: string[], main: Main): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { values, rest } = takeOptions(argv, ["--task", "--out"]);
  const [taskFile, outDir] = [values["--task"], values["--out"]];
  if (!outDir) {
    process.stderr.write(`pi run: --out DIR is required\n\n${USAGE}`);
    return 1;
  }
  const out = resolve(outDir);
  if (!taskFile) return main(["-p", "--out", out, ...rest]);
  let task: Task;
  let args: string[];
  try {
    // The task's schema (TypeBox, ajv) loads only for a task file: flags alone cost what `pi -p` does.
    const { readTask, taskArgs, taskCwd } = await import("./run-task.js");
    task = readTask(taskFile);
    const cwd = taskCwd(task, taskFile, process.cwd());
    args = taskArgs(task, taskFile, { roleModel: await roleModel(task, cwd), schemaFile: inlineSchema(task, out) });
    process.chdir(cwd);
  } catch (error) {
    return failTask(out, (error as Error).message);
  }
  const prompts = Array.isArray(task.prompt) ? task.prompt : [task.prompt];
  // The command line's own flags come after the task's: the last value given wins.
  return main(["-p", "--out", out, ...args, ...rest, ...prompts]);
}

/** `--name value` / `--name=value` for each name taken out of argv; the rest kept in order. */
function takeOptions(argv: string[], names: string[]): { values: Record<string, string | undefined>; rest: string[] } {
  const values: Record<string, string | undefined> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = names.find((n) => arg === n || arg.startsWith(`${n}=`));
    if (!name) rest.push(arg);
    else if (arg === name) values[name] = argv[++i];
    else values[name] = arg.slice(name.length + 1);
  }
  return { values, rest };
}

/** A role names a model in settings modelRoles. */
async function roleModel(task: Task, cwd: string): Promise<string | undefined> {
  if (!task.role || task.model) return undefined;
  const { loadSettings } = await import("../compose/settings.js");
  const roles = loadSettings(agentDirOf(), cwd).settings.modelRoles as Record<string, unknown> | undefined;
  const pattern = roles?.[task.role];
  if (typeof pattern !== "string") throw new Error(`role "${task.role}" is not in settings modelRoles`);
  return pattern;
}

/** An inline output schema is written next to the results, so the run reads it like a file. */
function inlineSchema(task: Task, out: string): string | undefined {
  if (typeof task.outputSchema !== "object") return undefined;
  mkdirSync(out, { recursive: true });
  const file = join(out, "output-schema.json");
  writeFileSync(file, JSON.stringify(task.outputSchema, null, 2));
  return file;
}

/** The task could not even start: result.json says so (exit 1). */
function failTask(out: string, reason: string): number {
  process.stderr.write(`pi run: ${reason}\n`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "result.json"), `${JSON.stringify({ status: "failed", exitCode: 1, reason, final: null }, null, 2)}\n`);
  return 1;
}
