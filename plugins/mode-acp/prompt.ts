// session/prompt and session/cancel. The prompt becomes pi's user message and runs through the
// input hook, so slash commands, prompt templates and skills work as typed; its updates stream
// while it runs, and it answers with the stop reason of the run's last answer once every update
// has gone out. session/cancel aborts the run and the prompt answers `cancelled`.
import { RequestError, type PromptRequest, type PromptResponse, type StopReason } from "@agentclientprotocol/sdk";
import type { PluginApi } from "pi-kernel";
import { userInput } from "./prompt-content.js";
import type { AcpSessions } from "./sessions.js";
import type { AcpState, Turn } from "./state.js";
import type { EventBridge } from "./updates.js";

/** Provider errors that mean the model would not answer, rather than that the request failed. */
const REFUSAL = /refus|content_filter|content filter|SAFETY|blocked/i;

export class AcpPrompts {
  /** The prompt in progress: a new one (sent right after a cancel) waits for it to end. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly api: PluginApi,
    private readonly state: AcpState,
    private readonly bridge: EventBridge,
    private readonly sessions: AcpSessions,
  ) {}

  prompt(params: PromptRequest): Promise<PromptResponse> {
    const run = this.running.catch(() => {}).then(() => this.run(params));
    this.running = run;
    return run;
  }

  private async run(params: PromptRequest): Promise<PromptResponse> {
    let input: ReturnType<typeof userInput>;
    try {
      input = userInput(params.prompt);
    } catch (error) {
      throw RequestError.invalidParams(undefined, (error as Error).message);
    }
    const turn: Turn = { sessionId: params.sessionId, cancelled: false, abort: new AbortController() };
    this.state.turn = turn;
    try {
      await this.sessions.activate(params.sessionId);
      // A cancelled run may still be winding down.
      await this.api.actions.waitForIdle();
      const api = this.api;
      if (!api.agent.model && !input.text.trimStart().startsWith("/"))
        throw RequestError.internalError(undefined, "no model is configured: give --model, or add one to models.json");
      if (!turn.cancelled) {
        await api.actions.prompt(input.text, { images: input.images.length ? input.images : undefined, source: "rpc" });
        // A context overflow is compacted and retried after the run ends; the answer comes then.
        await this.api.services.get("compaction")?.idle();
        await this.api.actions.waitForIdle();
      }
    } finally {
      await this.bridge.flush();
      this.state.turn = undefined;
    }
    await this.sessions.announceCommands();
    return { stopReason: stopReason(turn) };
  }

  cancel(sessionId: string): void {
    const turn = this.state.turn;
    if (!turn || turn.sessionId !== sessionId) return;
    turn.cancelled = true;
    turn.abort.abort();
    this.api.actions.abort();
  }
}

function stopReason(turn: Turn): StopReason {
  if (turn.cancelled) return "cancelled";
  const answer = turn.answer;
  switch (answer?.stopReason) {
    case undefined: // a command handled the prompt
    case "stop":
    case "toolUse":
      return "end_turn";
    case "length":
      return "max_tokens";
    case "aborted":
      return "cancelled";
    case "error": {
      const message = answer.errorMessage ?? "the model request failed";
      if (REFUSAL.test(message)) return "refusal";
      throw RequestError.internalError(undefined, message);
    }
  }
}
