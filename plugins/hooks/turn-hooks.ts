// UserPromptSubmit, Stop and SubagentStop. UserPromptSubmit runs on the `input` hook before any
// command claims the text (Claude Code hears slash commands too): a block drops the prompt and
// tells the person why; added context (plain stdout or additionalContext) is attached to the user
// message when it is stored, so the model sees it in this turn and every later one. SessionStart's
// context waits there too. Stop runs when the model finishes without asking for a tool: a block
// (exit 2 or `decision: "block"`) sends its reason back as a follow-up and the run goes on, with
// `stop_hook_active: true` so the hook can let it stop next time. A child agent's Stop is
// SubagentStop.
import type { AgentMessage, AssistantMessage, InputEvent, InputResult, PluginApi } from "pi-kernel";
import type { Verdict } from "./outcome.js";
import type { HookRunner } from "./runner.js";

export class TurnHooks {
  private pending: string[] = [];
  /** The run was continued by a Stop hook (Claude Code's stop_hook_active). */
  private continued = false;
  private sessionStart: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: () => PluginApi,
    private readonly runner: HookRunner,
    private readonly tell: (verdict: Verdict) => void,
    private readonly child: boolean,
  ) {}

  /** Context for the next user message (SessionStart's, or UserPromptSubmit's). */
  addContext(context: string[]): void {
    this.pending.push(...context);
  }

  /** SessionStart runs before the first prompt is read: the prompt waits for it. */
  startSession(source: string): void {
    if (this.child) return;
    const model = this.api().agent.model;
    const run = this.runner.fire("SessionStart", source, { source, ...(model && { model: model.id }) }).then((v) => {
      this.tell(v);
      this.addContext(v.context);
    });
    this.sessionStart = this.sessionStart.then(() => run).catch(() => {});
  }

  async onInput(event: InputEvent): Promise<InputResult | undefined> {
    await this.sessionStart;
    this.continued = false;
    if (this.child || this.runner.matching("UserPromptSubmit", undefined).length === 0) return undefined;
    const verdict = await this.runner.fire("UserPromptSubmit", undefined, { prompt: event.text });
    this.tell(verdict);
    if (verdict.block || verdict.stop) {
      const why = verdict.block ?? verdict.stop;
      this.api().diagnose({ level: "warning", code: "hook-blocked-prompt", message: `A UserPromptSubmit hook blocked the prompt: ${why}` });
      return { action: "handled" };
    }
    this.addContext(verdict.context);
    return undefined;
  }

  async onMessageEnd(message: AgentMessage): Promise<AgentMessage> {
    if (message.role === "user" && this.pending.length > 0 && Array.isArray(message.content)) {
      const text = this.pending.map((t) => `<hook-context>\n${t}\n</hook-context>`).join("\n");
      this.pending = [];
      return { ...message, content: [...(message.content as unknown[]), { type: "text", text }] } as AgentMessage;
    }
    if (message.role === "assistant") await this.maybeStop(message as AssistantMessage);
    return message;
  }

  private async maybeStop(message: AssistantMessage): Promise<void> {
    if (message.stopReason !== "stop" || message.content.some((c) => c.type === "toolCall")) return;
    const event = this.child ? "SubagentStop" : "Stop";
    if (this.runner.matching(event, undefined).length === 0) return;
    const last = message.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
    const verdict = await this.runner.fire(event, undefined, { stop_hook_active: this.continued, last_assistant_message: last });
    this.tell(verdict);
    if (verdict.stop || !verdict.block) return;
    this.continued = true;
    this.api().actions.followUp({
      role: "user",
      content: [{ type: "text", text: `<hook-feedback>\nA ${event} hook asks you to go on: ${verdict.block}\n</hook-feedback>` }],
      timestamp: Date.now(),
    } as AgentMessage);
  }
}
