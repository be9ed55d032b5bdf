// The bash tool: run a shell command, stream its output, and return the tail of it. The command
// runs with the environment `env()` gives (the plugin passes one without provider keys), wrapped
// by the sandbox `sandbox()` gives, if any (a sandbox that cannot start refuses the command).
import type { ShellSandboxService } from "../../../contracts/shell-sandbox.js";
import { stat, unlink } from "node:fs/promises";
import { defineTool, Type } from "pi-kernel";
import { formatSize, MAX_BYTES, MAX_LINES } from "../output/limits.js";
import { truncateTail } from "../output/truncate.js";
import { OutputSink } from "../shell/output-sink.js";
import { runCommand, type RunOutcome } from "../shell/run-command.js";
import { pickShell } from "../shell/shell.js";
import { throttle } from "../shell/throttle.js";

const parameters = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});

export interface BashDetails {
  exitCode?: number;
  truncated?: boolean;
  fullOutputPath?: string;
}

const UPDATE_INTERVAL_MS = 100;

/** The bash tool whose commands run with `env()`'s environment, inside `sandbox()`'s sandbox. */
export const createBashTool = (
  env: () => NodeJS.ProcessEnv = () => process.env,
  sandbox: () => ShellSandboxService | undefined = () => undefined,
) =>
  defineTool<typeof parameters, BashDetails>({
    name: "bash",
    label: "Bash",
    description:
      `Execute a bash command in the current working directory. Returns stdout and stderr combined. Output is ` +
      `truncated to the last ${MAX_LINES} lines or ${MAX_BYTES / 1024}KB, whichever comes first; when truncated, the ` +
      `full output is saved to a file you can read. Optionally give a timeout in seconds.`,
    promptSnippet: "bash: Execute shell commands (ls, grep, find, git, builds, tests, ...)",
    parameters,
    async execute(_id, params, signal, onUpdate, ctx) {
      if (signal.aborted) throw new Error("Command aborted");
      await requireDirectory(ctx.cwd);
      const box = sandbox();
      const wrapper = box ? await box.wrapper(ctx.cwd) : undefined;
      const sink = new OutputSink();
      const stream = throttle(
        () => onUpdate({ content: [{ type: "text", text: truncateTail(sink.tailText()).content }] }),
        UPDATE_INTERVAL_MS,
      );
      const timeout = params.timeout !== undefined && params.timeout > 0 ? params.timeout : undefined;
      let outcome: RunOutcome;
      try {
        outcome = await runCommand({
          command: params.command,
          cwd: ctx.cwd,
          shell: pickShell(),
          signal,
          sink,
          onData: stream.call,
          timeoutMs: timeout === undefined ? undefined : timeout * 1000,
          env: env(),
          wrapper,
        });
      } finally {
        stream.cancel();
        await sink.close();
      }
      const output = await formatOutput(sink);
      const failure = failureReason(outcome, timeout);
      const blocked = failure && box?.explain(output.text);
      if (failure) throw new Error([output.text, failure, blocked].filter(Boolean).join("\n\n"));
      const details: BashDetails = { exitCode: 0, ...output.details };
      return { content: [{ type: "text", text: output.text || "(no output)" }], details };
    },
  });

/** The bash tool with the agent's whole environment (tests and benches). */
export const bashTool = createBashTool();

function failureReason(outcome: RunOutcome, timeout: number | undefined): string | undefined {
  if (outcome.aborted) return "Command aborted";
  if (outcome.timedOut) return `Command timed out after ${timeout} seconds`;
  if (outcome.exitCode === 0) return undefined;
  if (outcome.exitCode === null) return `Command was killed by signal ${outcome.exitSignal ?? "unknown"}`;
  return `Command exited with code ${outcome.exitCode}`;
}

async function formatOutput(sink: OutputSink): Promise<{ text: string; details: BashDetails }> {
  const tail = truncateTail(sink.tailText());
  if (!tail.truncated) {
    // The spill threshold is conservative; a file nobody is told about is just litter.
    if (sink.spillPath) await unlink(sink.spillPath).catch(() => {});
    return { text: tail.content, details: {} };
  }
  const total = sink.totalLines;
  const where =
    sink.spillPath && !sink.spillError
      ? `Full output: ${sink.spillPath}`
      : `Full output could not be saved${sink.spillError ? `: ${sink.spillError.message}` : ""}`;
  const shown = tail.lastLinePartial
    ? `Showing the last ${formatSize(Buffer.byteLength(tail.content, "utf8"))} of line ${total}`
    : `Showing lines ${total - tail.outputLines + 1}-${total} of ${total}`;
  const details: BashDetails = { truncated: true };
  if (sink.spillPath && !sink.spillError) details.fullOutputPath = sink.spillPath;
  return { text: `${tail.content}\n\n[${shown}. ${where}]`, details };
}

async function requireDirectory(cwd: string): Promise<void> {
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`Working directory does not exist: ${cwd}. Cannot run the command.`);
}
