// One user shell command at a time, and the bashExecution message it leaves behind.
import { unlink } from "node:fs/promises";
import type { AgentMessage, PluginApi } from "pi-kernel";
import { offerToBackground, onAbort, OutputSink } from "../../lib/tool-kit/index.js";
import { runCommand, shellEnv } from "../../lib/tool-kit/index.js";
import { pickShell } from "../../lib/tool-kit/index.js";
import { truncateTail } from "../../lib/tool-kit/index.js";
import type { BackgroundOffer, HandedOver } from "../../lib/tool-kit/index.js";

export type { BashResult, BashOperations, Interception, Interceptor, RunOptions } from "../../contracts/user-bash.js";
import type { BashOperations, BashResult, Interception, Interceptor, RunOptions, UserBashService } from "../../contracts/user-bash.js";

export class UserBash implements UserBashService {
  private controller: AbortController | undefined;
  private readonly interceptors: Interceptor[] = [];

  constructor(private readonly api: PluginApi) {}

  get running(): boolean {
    return this.controller !== undefined;
  }

  abort(): void {
    this.controller?.abort();
  }

  /** Asked in order before a command runs; the first answer wins. Returns the removal. */
  intercept(fn: Interceptor): () => void {
    this.interceptors.push(fn);
    return () => {
      const i = this.interceptors.indexOf(fn);
      if (i >= 0) this.interceptors.splice(i, 1);
    };
  }

  async run(command: string, opts: RunOptions = {}): Promise<BashResult> {
    if (this.controller) throw new Error("A shell command is already running; abort it first");
    const controller = new AbortController();
    this.controller = controller;
    const unlisten = onAbort(opts.signal, () => controller.abort());
    try {
      const excludeFromContext = opts.excludeFromContext === true;
      const answer = await this.ask({ command, excludeFromContext, cwd: this.api.cwd });
      const result =
        answer && "result" in answer ? answer.result : await this.execute(command, controller.signal, opts.onData, answer?.operations);
      await this.record(command, result, excludeFromContext);
      return result;
    } finally {
      unlisten();
      this.controller = undefined;
    }
  }

  private async ask(event: Parameters<Interceptor>[0]): Promise<Interception> {
    for (const fn of [...this.interceptors]) {
      const answer = await fn(event);
      if (answer) return answer;
    }
    return undefined;
  }

  private async execute(
    command: string,
    signal: AbortSignal,
    onData?: (tail: string) => void,
    operations?: BashOperations,
  ): Promise<BashResult> {
    const api = this.api;
    const settings = api.settings as { shellPath?: unknown; shellCommandPrefix?: unknown };
    const shell = typeof settings.shellPath === "string" ? settings.shellPath : pickShell();
    const prefix = typeof settings.shellCommandPrefix === "string" ? `${settings.shellCommandPrefix}\n` : "";
    // The sandbox (when a plugin provides one) wraps the command; one that cannot start throws here.
    const box = operations ? undefined : api.services.get("shellSandbox");
    const wrapper = box ? await box.wrapper(api.cwd) : undefined;
    const sink = new OutputSink();
    // Ctrl+B may send a local run to the background, as it does the model's bash calls.
    const offer = operations ? undefined : offerToBackground(api.services.get("shellJobs"), command);
    let outcome: { exitCode: number | null; aborted: boolean; handedOver?: HandedOver };
    try {
      outcome = operations
        ? await runElsewhere(operations, prefix + command, api.cwd, signal, sink, () => onData?.(sink.tailText()))
        : await runCommand({
            command: prefix + command,
            cwd: api.cwd,
            shell,
            signal,
            sink,
            onData: () => onData?.(sink.tailText()),
            env: shellEnv(api),
            wrapper,
            onStart: offer?.onStart,
          });
    } finally {
      offer?.withdraw();
      await sink.close();
    }
    if (outcome.handedOver && offer) return movedToBackground(offer, outcome.handedOver, sink);
    const tail = truncateTail(sink.tailText());
    const spilled = tail.truncated && sink.spillPath && !sink.spillError ? sink.spillPath : undefined;
    if (!spilled && sink.spillPath) await unlink(sink.spillPath).catch(() => {});
    const blocked = outcome.exitCode !== 0 && !outcome.aborted ? box?.explain(tail.content) : undefined;
    return {
      output: blocked ? `${tail.content}\n\n${blocked}` : tail.content,
      exitCode: outcome.exitCode,
      cancelled: outcome.aborted,
      truncated: tail.truncated,
      ...(spilled && { fullOutputPath: spilled }),
    };
  }

  /** The run joins the conversation once the agent is idle (pi: before the next prompt). */
  private async record(command: string, result: BashResult, excludeFromContext: boolean): Promise<void> {
    await this.api.actions.waitForIdle();
    const api = this.api;
    const message = {
      role: "bashExecution",
      command,
      ...result,
      ...(excludeFromContext && { excludeFromContext: true }),
      timestamp: Date.now(),
    } as unknown as AgentMessage;
    api.actions.setMessages([...api.agent.messages, message]);
    // Session stores persist it like any other finished message.
    api.actions.emit({ type: "message_end", message });
  }
}

/** A run sent to the background: what it printed so far, and the job it became. */
async function movedToBackground(offer: BackgroundOffer, run: HandedOver, sink: OutputSink): Promise<BashResult> {
  const file = sink.spillPath && !sink.spillError ? sink.spillPath : undefined;
  const moved = await offer.finish({ ...run, earlier: { file, text: sink.tailText() } });
  const output = `${moved.head}\n\n[Moved to the background as ${moved.jobId} (still running); /jobs shows it]`.trimStart();
  return { output, exitCode: null, cancelled: false, truncated: false };
}

/** A command run through an extension's operations, collected into the same bounded sink. */
async function runElsewhere(
  ops: BashOperations,
  command: string,
  cwd: string,
  signal: AbortSignal,
  sink: OutputSink,
  onData: () => void,
): Promise<{ exitCode: number | null; aborted: boolean }> {
  const { exitCode } = await ops.exec(command, cwd, {
    signal,
    onData: (data) => {
      sink.write(Buffer.isBuffer(data) ? data : Buffer.from(String(data)));
      onData();
    },
  });
  return { exitCode, aborted: signal.aborted };
}
