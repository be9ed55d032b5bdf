// pi's bash tool over pluggable operations: the output's tail (2,000 lines or 50 KB) with pi's
// notes, the full output saved to a temp file when cut, a non-zero exit, timeout or abort thrown
// as an error carrying the output. Options as pi's: commandPrefix, spawnHook, shellPath.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { formatSize, MAX_BYTES, MAX_LINES } from "../../../../../lib/tool-kit/index.js";
import { truncateTail, type TruncationResult } from "../../truncate.js";
import { type PiToolDefinition, text, toAgentTool } from "./definition.js";
import { type BashOperations, createLocalBashOperations } from "./shell.js";

export interface BashSpawnContext {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}
export interface BashToolOptions {
  operations?: BashOperations;
  commandPrefix?: string;
  spawnHook?: (context: BashSpawnContext) => BashSpawnContext;
  shellPath?: string;
}
export interface BashToolDetails {
  truncation?: TruncationResult;
  fullOutputPath?: string;
}

const schema = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});

function format(output: string, empty: string): { text: string; details?: BashToolDetails } {
  const truncation = truncateTail(output);
  if (!truncation.truncated) return { text: truncation.content || empty };
  const fullOutputPath = join(tmpdir(), `pi-bash-${randomBytes(8).toString("hex")}.log`);
  writeFileSync(fullOutputPath, output);
  const first = truncation.totalLines - truncation.outputLines + 1;
  const limit = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(MAX_BYTES)} limit)`;
  const note = `\n\n[Showing lines ${first}-${truncation.totalLines} of ${truncation.totalLines}${limit}. Full output: ${fullOutputPath}]`;
  return { text: truncation.content + note, details: { truncation, fullOutputPath } };
}

const withStatus = (output: string, status: string) => `${output ? `${output}\n\n` : ""}${status}`;

export function createBashToolDefinition(cwd: string, options: BashToolOptions = {}): PiToolDefinition<BashToolDetails | undefined> {
  const ops = options.operations ?? createLocalBashOperations({ shellPath: options.shellPath });
  return {
    name: "bash",
    label: "bash",
    effect: "execute",
    description: `Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last ${MAX_LINES} lines or ${MAX_BYTES / 1024}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    parameters: schema,
    async execute(_id, { command, timeout }: { command: string; timeout?: number }, signal, onUpdate, ctx) {
      const full = options.commandPrefix ? `${options.commandPrefix}\n${command}` : command;
      const spawn = (options.spawnHook ?? ((c) => c))({ command: full, cwd: ctx?.cwd || cwd, env: { ...process.env } });
      const chunks: Buffer[] = [];
      const current = () => Buffer.concat(chunks).toString("utf8");
      onUpdate?.({ content: [], details: undefined });
      let exitCode: number | null;
      try {
        ({ exitCode } = await ops.exec(spawn.command, spawn.cwd, {
          onData: (data) => {
            chunks.push(data);
            onUpdate?.({ content: [text(truncateTail(current()).content)], details: undefined });
          },
          signal,
          timeout,
          env: spawn.env,
        }));
      } catch (error) {
        const shown = format(current(), "").text;
        if (error instanceof Error && error.message === "aborted") throw new Error(withStatus(shown, "Command aborted"));
        if (error instanceof Error && error.message.startsWith("timeout:")) {
          throw new Error(withStatus(shown, `Command timed out after ${error.message.split(":")[1]} seconds`));
        }
        throw error;
      }
      const result = format(current(), "(no output)");
      if (exitCode === null) throw new Error(withStatus(result.text, "Command terminated without an exit code"));
      if (exitCode !== 0) throw new Error(withStatus(result.text, `Command exited with code ${exitCode}`));
      return { content: [text(result.text)], details: result.details };
    },
  };
}

export function createBashTool(cwd: string, options?: BashToolOptions) {
  const def = createBashToolDefinition(cwd, options);
  return { ...toAgentTool(def), promptSnippet: def.promptSnippet };
}
