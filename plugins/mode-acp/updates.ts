// The agent's events as ACP session updates: text and thinking deltas as message and thought
// chunks, each tool call as `tool_call` (pending) then `tool_call_update` (in_progress once the
// gates let it run, then completed or failed with its output, an edit or write as a `diff`).
// Updates go out in event order through one chain, which a prompt waits for before it answers.
// Each assistant message's chunks carry a messageId, so a retried turn reads as a new message.
import { randomUUID } from "node:crypto";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { type AgentEvent, type AssistantMessage, isEvent, type PluginApi } from "pi-kernel";
import type { ToolCallEvent } from "pi-kernel";
import { configOptions } from "./config.js";
import { diffContent, takeSnapshot } from "./diffs.js";
import type { AcpState } from "./state.js";
import { callInfo, registryLookup, resultContent } from "./tool-info.js";

export class EventBridge {
  private chain: Promise<void> = Promise.resolve();
  /** Tool calls whose output a client terminal shows (their text updates would duplicate it). */
  readonly inTerminal = new Set<string>();
  /** The assistant message streaming now: its chunks carry this id, a retried attempt gets another. */
  private messageId: string | undefined;

  constructor(
    private readonly api: PluginApi,
    private readonly state: AcpState,
  ) {}

  /** Resolves once every update queued so far has been handed to the connection. */
  flush(): Promise<void> {
    return this.chain;
  }

  /** Sends an update in order with the ones the events produce. */
  send(update: SessionUpdate): void {
    this.queue(() => this.state.update(update));
  }

  private queue(work: () => Promise<void> | void): void {
    this.chain = this.chain
      .then(work)
      .catch((error: Error) => this.api.diagnose({ level: "warning", where: "acp session/update", message: error.message }));
  }

  event(event: AgentEvent): void {
    const state = this.state;
    if ((event.type === "model_select" || event.type === "thinking_level_select") && state.sessionId && state.connected) {
      this.queue(() => state.update({ sessionUpdate: "config_option_update", configOptions: configOptions(this.api) }));
      return;
    }
    if (!state.turn || !state.connected) return;
    const cwd = this.api.cwd;
    if (isEvent(event, "message_end") && event.message.role === "assistant") state.turn.answer = event.message as AssistantMessage;
    else if (isEvent(event, "message_start") && event.message.role === "assistant") this.messageId = randomUUID();
    else if (isEvent(event, "message_update")) {
      const e = event.assistantMessageEvent;
      const messageId = this.messageId;
      if (e.type === "text_delta" && e.delta)
        this.queue(() => state.update({ sessionUpdate: "agent_message_chunk", messageId, content: { type: "text", text: e.delta } }));
      else if (e.type === "thinking_delta" && e.delta)
        this.queue(() => state.update({ sessionUpdate: "agent_thought_chunk", messageId, content: { type: "text", text: e.delta } }));
    } else if (isEvent(event, "auto_retry_start")) this.retrying(event);
    else if (isEvent(event, "tool_execution_start")) {
      const args = (event.args ?? {}) as Record<string, unknown>;
      const { title, kind, locations } = callInfo(this.tool(event.toolName), event.toolName, args, cwd);
      this.queue(() =>
        state.update({
          sessionUpdate: "tool_call",
          toolCallId: event.toolCallId,
          title,
          kind,
          status: "pending",
          locations,
          rawInput: args,
        }),
      );
    } else if (isEvent(event, "tool_execution_update")) {
      if (this.inTerminal.has(event.toolCallId)) return;
      const content = resultContent(event.partialResult);
      this.queue(() => state.update({ sessionUpdate: "tool_call_update", toolCallId: event.toolCallId, status: "in_progress", content }));
    } else if (isEvent(event, "tool_execution_end")) {
      const terminal = this.inTerminal.delete(event.toolCallId);
      this.queue(async () => {
        const diff = await diffContent(state, event.toolCallId, event.isError);
        const text = terminal && !event.isError ? [] : resultContent(event.result);
        await state.update({
          sessionUpdate: "tool_call_update",
          toolCallId: event.toolCallId,
          status: event.isError ? "failed" : "completed",
          ...(terminal ? {} : { content: diff ? [...diff, ...text] : text }),
          rawOutput: { content: event.result.content.filter((c) => c.type === "text"), details: event.result.details },
        });
      });
    }
  }

  /**
   * A turn that failed after text had streamed is retried whole (pi's auto_retry_start). ACP cannot
   * take chunks back, so the attempt that failed stays one message (its `messageId`) and the retry
   * streams as a new one (a new messageId at its message_start: "a new message has started"), after
   * a notice saying why: a `notice` update when the client offers them, else a message of its own.
   */
  private retrying(e: { attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }): void {
    const state = this.state;
    const title = `Retrying (attempt ${e.attempt} of ${e.maxAttempts}); the partial answer above is dropped`;
    this.messageId = undefined;
    if (state.caps.session?.notices) {
      this.queue(() => state.update({ sessionUpdate: "notice", severity: "warning", title, description: e.errorMessage }));
      return;
    }
    const messageId = randomUUID();
    const text = `\n[${title}: ${e.errorMessage}]\n`;
    this.queue(() => state.update({ sessionUpdate: "agent_message_chunk", messageId, content: { type: "text", text } }));
  }

  /** The toolCall gate, after every other gate: the call will run now. */
  async beforeRun(event: ToolCallEvent): Promise<undefined> {
    const state = this.state;
    if (!state.turn || !state.connected) return undefined;
    const cwd = this.api.cwd;
    await takeSnapshot(state, event.toolCallId, callInfo(this.tool(event.toolName), event.toolName, event.input, cwd));
    this.queue(() => state.update({ sessionUpdate: "tool_call_update", toolCallId: event.toolCallId, status: "in_progress" }));
    return undefined;
  }

  /** The tool's definition: what it declares decides the kind, the title and whether there is a diff. */
  private tool(name: string) {
    return registryLookup(this.api)(name);
  }
}
