// An agent session driven in-process: the same agent the CLI runs, assembled by the same
// composition root (compose/agent.ts), without a terminal. Events reach subscribers in order.
import type {
  AgentEvent,
  AgentMessage,
  AssistantMessage,
  ImageContent,
  Kernel,
  Model,
  PluginApi,
  ServiceName,
  Services,
  ThinkingLevel,
} from "../kernel/index.js";
import { publicModel } from "../lib/mode-kit/index.js";

export type Listener = (event: AgentEvent) => void;

export class AgentSession {
  /** Models handed out without their headers (publicModel), mapped back to the real ones. */
  private readonly shown = new WeakMap<Model, Model>();

  constructor(
    private readonly kernel: Kernel,
    private readonly api: () => PluginApi,
    private readonly listeners: Set<Listener>,
  ) {}

  get messages(): readonly AgentMessage[] {
    return this.kernel.agent.messages;
  }
  /** The current model, without its request headers (they may hold keys; setModel takes it back). */
  get model(): Model | undefined {
    return this.kernel.agent.model && this.show(this.kernel.agent.model);
  }
  get thinkingLevel(): ThinkingLevel {
    return this.kernel.agent.thinkingLevel;
  }
  get isStreaming(): boolean {
    return this.kernel.agent.isStreaming;
  }
  get sessionId(): string {
    return this.kernel.agent.sessionId;
  }
  get sessionFile(): string | undefined {
    return this.service("sessions")?.file;
  }

  /** Sends a message (slash commands, skills and templates expand); resolves when the run ends. */
  async prompt(text: string, opts: { images?: ImageContent[]; streamingBehavior?: "steer" | "followUp" } = {}): Promise<void> {
    await this.kernel.actions.prompt(text, { ...opts, source: "extension" });
    // A context overflow is compacted and retried after the run; the answer comes from that retry.
    await this.service("compaction")?.idle();
  }

  steer(text: string): void {
    this.kernel.actions.steer(text);
  }
  followUp(text: string): void {
    this.kernel.actions.followUp(text);
  }
  abort(): void {
    this.kernel.actions.abort();
  }
  waitForIdle(): Promise<void> {
    return this.kernel.actions.waitForIdle();
  }

  /** Every AgentEvent and session event; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A Model, or a pattern as on the command line ("provider/id", "sonnet"); returns it without headers. */
  setModel(model: Model | string): Model {
    const resolved = typeof model === "string" ? this.service("models")?.resolve(model) : (this.shown.get(model) ?? model);
    if (!resolved) throw new Error(`Model not found: ${String(model)}`);
    this.kernel.actions.setModel(resolved);
    return this.show(resolved);
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.kernel.actions.setThinkingLevel(level);
  }

  /** Compacts the context with the configured strategy (needs a compaction plugin). */
  async compact(instructions?: string): Promise<unknown> {
    const compaction = this.service("compaction");
    if (!compaction) throw new Error("No compaction plugin is loaded in this agent");
    return compaction.compact(instructions);
  }

  getLastAssistantText(): string | undefined {
    const last = [...this.messages].reverse().find((m) => m.role === "assistant") as AssistantMessage | undefined;
    return last?.content
      .filter((c) => c.type === "text")
      .map((c) => c.text)
      .join("");
  }

  /** Stops any run, retires the plugins (shutdown hooks, disposers) and releases watchers. */
  async dispose(): Promise<void> {
    this.listeners.clear();
    await this.kernel.stop("quit");
  }

  private show(model: Model): Model {
    const shown = publicModel(model);
    if (shown !== model) this.shown.set(shown, model);
    return shown;
  }

  private service<K extends ServiceName>(name: K): Services[K] | undefined {
    return this.api().services.get(name);
  }
}
