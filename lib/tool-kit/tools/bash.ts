// The bash tool: run a shell command, stream its output, and return the tail of it. The command
// runs with the environment `env()` gives (the plugin passes one without provider keys), wrapped
// by the sandbox `sandbox()` gives, if any (a sandbox that cannot start refuses the command).
// `runBash` is the one implementation of a command run: pi-compat's createBashTool runs it too,
// locally or over the BashOperations an extension gives.
import type { ShellJobsService } from "../../../contracts/shell-jobs.js";
import type { ShellSandboxService } from "../../../contracts/shell-sandbox.js";
import { stat, unlink } from "node:fs/promises";
import { defineTool, Type } from "pi-kernel";
import { formatSize, MAX_BYTES, MAX_LINES } from "../output/limits.js";
import { type TailResult, truncateTail } from "../output/truncate.js";
import { OutputSink } from "../shell/output-sink.js";
import { type HandedOver, runCommand, type RunOutcome } from "../shell/run-command.js";
import { pickShell } from "../shell/shell.js";
import { throttle } from "../shell/throttle.js";
import { backgroundParameters, runInBackground } from "./bash-background.js";
import { offerToBackground } from "./bash-to-background.js";
import type { BashOperations } from "./bash-operations.js";

const parameters = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});
const withBackground = Type.Object({ ...parameters.properties, ...backgroundParameters });

export interface BashDetails {
  exitCode?: number;
  truncated?: boolean;
  fullOutputPath?: string;
  /** A background job's id (run_in_background). */
  jobId?: string;
}

const UPDATE_INTERVAL_MS = 100;

/**
 * The bash tool whose commands run with `env()`'s environment, inside `sandbox()`'s sandbox. With
 * `jobs`, it also takes `run_in_background` and `detach` and hands those calls to the service.
 */
export const createBashTool = (
  env: () => NodeJS.ProcessEnv = () => process.env,
  sandbox: () => ShellSandboxService | undefined = () => undefined,
  jobs?: () => ShellJobsService | undefined,
) =>
  defineTool<typeof withBackground, BashDetails>({
    name: "bash",
    label: "Bash",
    effect: "execute",
    description:
      `Execute a bash command in the current working directory. Returns stdout and stderr combined. Output is ` +
      `truncated to the last ${MAX_LINES} lines or ${MAX_BYTES / 1024}KB, whichever comes first; when truncated, the ` +
      `full output is saved to a file you can read. Optionally give a timeout in seconds.`,
    promptSnippet: "bash: Execute shell commands (ls, grep, find, git, builds, tests, ...)",
    // Declared only where a jobs provider may answer, so other compositions keep pi's exact schema.
    parameters: (jobs ? withBackground : parameters) as typeof withBackground,
    async execute(_id, params, signal, onUpdate, ctx) {
      const box = sandbox();
      if (jobs && params.run_in_background) {
        await requireDirectory(ctx.cwd);
        const bg = await runInBackground({ ...params, cwd: ctx.cwd, env: env(), sandbox: box, jobs: jobs() });
        return { content: [{ type: "text", text: bg.text }], details: { jobId: bg.details.jobId } };
      }
      // While it runs, the person may send it to the background (Ctrl+B): the call then returns as run_in_background would.
      const offer = offerToBackground(jobs?.(), params.command);
      const ran = await runBash({
        command: params.command,
        cwd: ctx.cwd,
        signal,
        onUpdate: (text) => onUpdate({ content: [{ type: "text", text }] }),
        timeout: params.timeout,
        env: env(),
        wrapper: box && (() => box.wrapper(ctx.cwd)),
        onStart: offer?.onStart,
      }).finally(() => offer?.withdraw());
      if (ran.handedOver && offer) {
        const moved = await offer.finish(ran.handedOver);
        return { content: [{ type: "text", text: moved.text }], details: { jobId: moved.jobId } };
      }
      const blocked = ran.failure && box?.explain(ran.text);
      if (ran.failure) throw new Error([ran.text, ran.failure, blocked].filter(Boolean).join("\n\n"));
      return { content: [{ type: "text", text: ran.text || "(no output)" }], details: { exitCode: 0, ...ran.details } };
    },
  });

export interface BashRun {
  command: string;
  cwd: string;
  signal: AbortSignal;
  /** The tail of the output so far, a few times a second. */
  onUpdate?: (text: string) => void;
  /** Seconds; none or 0: no limit. */
  timeout?: number;
  env?: NodeJS.ProcessEnv;
  /** pi's operations to run through (ssh, a container); default this machine (runCommand). */
  operations?: BashOperations;
  /** The shell for a local run; default pickShell(). */
  shell?: string;
  /** The sandbox argv a local run goes inside, asked once the command is about to start. */
  wrapper?: () => Promise<readonly string[] | undefined>;
  /** A local run's `takeOver` (runCommand's onStart): the run may be handed over to become a background job. */
  onStart?: (takeOver: () => HandedOver | undefined) => void;
}

/** What a command left: the text for the model (tail and note), details, and why it failed, if it did. */
export interface BashRan {
  text: string;
  details: BashDetails;
  tail: TailResult;
  /** The kept end of the output as it came (all of it when not truncated), and its line count. */
  raw: string;
  totalLines: number;
  failure?: string;
  /** The process, still running, when it was handed over (see BashRun.onStart), with its output so far. */
  handedOver?: HandedOver & { earlier: { file?: string; text: string } };
}

/**
 * One command, the one implementation behind the bash tool and pi-compat's createBashTool: run
 * locally or through `operations`, output streamed to `onUpdate`, cut to its tail with the rest
 * saved to a file, and the reason it failed (exit code, signal, timeout, abort) for the caller to throw.
 */
export async function runBash(run: BashRun): Promise<BashRan> {
  if (run.signal.aborted) throw new Error("Command aborted");
  if (!run.operations) await requireDirectory(run.cwd);
  const wrapper = await run.wrapper?.();
  const sink = new OutputSink();
  const stream = throttle(() => run.onUpdate?.(truncateTail(sink.tailText()).content), UPDATE_INTERVAL_MS);
  const timeout = run.timeout !== undefined && run.timeout > 0 ? run.timeout : undefined;
  let outcome: RunOutcome;
  try {
    outcome = run.operations
      ? await execThrough(run.operations, run, sink, stream.call, timeout)
      : await runCommand({
          command: run.command,
          cwd: run.cwd,
          shell: run.shell ?? pickShell(),
          signal: run.signal,
          sink,
          onData: stream.call,
          timeoutMs: timeout === undefined ? undefined : timeout * 1000,
          env: run.env,
          wrapper,
          onStart: run.onStart,
        });
  } finally {
    stream.cancel();
    await sink.close();
  }
  const raw = sink.tailText();
  if (outcome.handedOver) {
    const file = sink.spillPath && !sink.spillError ? sink.spillPath : undefined;
    const handedOver = { ...outcome.handedOver, earlier: { file, text: raw } };
    return { text: "", details: {}, tail: truncateTail(raw), raw, totalLines: sink.totalLines, handedOver };
  }
  return { ...(await formatOutput(sink)), raw, totalLines: sink.totalLines, failure: failureReason(outcome, timeout) };
}

/** pi's exec contract mapped onto runCommand's outcome: "aborted" and "timeout:<s>" rejections are endings, not errors. */
async function execThrough(
  ops: BashOperations,
  run: BashRun,
  sink: OutputSink,
  onData: () => void,
  timeout: number | undefined,
): Promise<RunOutcome> {
  const ended = { exitCode: null, exitSignal: null, timedOut: false, aborted: false };
  try {
    const { exitCode } = await ops.exec(run.command, run.cwd, {
      onData: (chunk) => {
        sink.write(chunk);
        onData();
      },
      signal: run.signal,
      timeout,
      env: run.env,
    });
    return { ...ended, exitCode };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (message === "aborted") return { ...ended, aborted: true };
    if (message.startsWith("timeout:")) return { ...ended, timedOut: true };
    throw error;
  }
}

/** The bash tool with the agent's whole environment (tests and benches). */
export const bashTool = createBashTool();

function failureReason(outcome: RunOutcome, timeout: number | undefined): string | undefined {
  if (outcome.aborted) return "Command aborted";
  if (outcome.timedOut) return `Command timed out after ${timeout} seconds`;
  if (outcome.exitCode === 0) return undefined;
  if (outcome.exitCode === null) {
    return outcome.exitSignal ? `Command was killed by signal ${outcome.exitSignal}` : "Command terminated without an exit code";
  }
  return `Command exited with code ${outcome.exitCode}`;
}

async function formatOutput(sink: OutputSink): Promise<{ text: string; details: BashDetails; tail: TailResult }> {
  const tail = truncateTail(sink.tailText());
  if (!tail.truncated) {
    // The spill threshold is conservative; a file nobody is told about is just litter.
    if (sink.spillPath) await unlink(sink.spillPath).catch(() => {});
    return { text: tail.content, details: {}, tail };
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
  return { text: `${tail.content}\n\n[${shown}. ${where}]`, details, tail };
}

async function requireDirectory(cwd: string): Promise<void> {
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`Working directory does not exist: ${cwd}. Cannot run the command.`);
}
