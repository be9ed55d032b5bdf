// pi's bash tool: pi's definition, options (commandPrefix, spawnHook, shellPath) and details over
// the toolkit's one implementation (runBash: the output's tail with pi's notes, the whole of it
// saved to a file when cut, a non-zero exit, timeout or abort thrown with the output), run on this
// machine or through the BashOperations an extension gives.
import { Type } from "@sinclair/typebox";
import { type BashRan, formatSize, MAX_BYTES, MAX_LINES, runBash } from "../../../../../lib/tool-kit/index.js";
import { type TruncationResult, truncateTail } from "../../truncate.js";
import { type PiToolDefinition, text, toAgentTool } from "./definition.js";
import { type BashOperations, getShellConfig } from "./shell.js";

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

export function createBashToolDefinition(cwd: string, options: BashToolOptions = {}): PiToolDefinition<BashToolDetails | undefined> {
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
      onUpdate?.({ content: [], details: undefined });
      const ran = await runBash({
        ...spawn,
        signal: signal ?? new AbortController().signal,
        onUpdate: (tail) => onUpdate?.({ content: [text(tail)], details: undefined }),
        timeout,
        operations: options.operations,
        shell: options.shellPath === undefined ? undefined : getShellConfig(options.shellPath).shell,
      });
      const shown = piText(ran);
      if (ran.failure) throw new Error(`${shown.text ? `${shown.text}\n\n` : ""}${ran.failure}`);
      return { content: [text(shown.text || "(no output)")], details: shown.details };
    },
  };
}

/**
 * pi's view of the same output: pi counts lines by splitting on "\n" (a final newline starts one
 * more, empty line) and keeps that newline, so its tail and note are recomputed from what was kept.
 */
function piText(ran: BashRan): { text: string; details?: BashToolDetails } {
  if (!ran.tail.truncated) return { text: ran.raw };
  const truncation = truncateTail(ran.raw);
  const total = ran.totalLines + (ran.raw.endsWith("\n") ? 1 : 0);
  truncation.totalLines = total;
  const first = total - truncation.outputLines + 1;
  const limit = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(MAX_BYTES)} limit)`;
  const where = ran.details.fullOutputPath ? `Full output: ${ran.details.fullOutputPath}` : "Full output could not be saved";
  const note = `\n\n[Showing lines ${first}-${total} of ${total}${limit}. ${where}]`;
  return { text: truncation.content + note, details: { truncation, fullOutputPath: ran.details.fullOutputPath } };
}

export function createBashTool(cwd: string, options?: BashToolOptions) {
  const def = createBashToolDefinition(cwd, options);
  return { ...toAgentTool(def), promptSnippet: def.promptSnippet };
}
