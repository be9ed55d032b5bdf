// pi-agent-core's Agent: state (system prompt, model, thinking level, tools, messages), listeners,
// steering and follow-up queues, and prompt/continue runs over the standalone loop (agent-loop.ts).
// Models stream through the running pi-kernel agent's providers unless a streamFn is given.
import type { AgentEvent, AgentMessage, ImageContent, Message, Model, ThinkingLevel } from "../../../kernel/index.js";
import {
  type AgentContext,
  type AgentLoopConfig,
  type AgentTool,
  type StreamFn,
  runAgentLoop,
  runAgentLoopContinue,
} from "./agent-loop.js";

type QueueMode = "all" | "one-at-a-time";
type Listener = (event: AgentEvent, signal: AbortSignal) => Promise<void> | void;
export interface AgentOptions {
  initialState?: Partial<{
    systemPrompt: string;
    model: Model;
    thinkingLevel: ThinkingLevel;
    tools: AgentTool[];
    messages: AgentMessage[];
  }>;
  convertToLlm?: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  transformContext?: AgentLoopConfig["transformContext"];
  streamFn?: StreamFn;
  getApiKey?: AgentLoopConfig["getApiKey"];
  steeringMode?: QueueMode;
  followUpMode?: QueueMode;
  sessionId?: string;
}

const LLM_ROLES = new Set(["user", "assistant", "toolResult"]);
const defaultConvert = (messages: AgentMessage[]) => messages.filter((m) => LLM_ROLES.has(m.role)) as Message[];

export class Agent {
  private readonly listeners = new Set<Listener>();
  private steeringQueue: AgentMessage[] = [];
  private followUpQueue: AgentMessage[] = [];
  private run: { controller: AbortController; done: Promise<void> } | undefined;
  private readonly current: {
    systemPrompt: string;
    model?: Model;
    thinkingLevel: ThinkingLevel;
    tools: AgentTool[];
    messages: AgentMessage[];
    streamingMessage?: AgentMessage;
    errorMessage?: string;
    pendingToolCalls: Set<string>;
  };
  convertToLlm: NonNullable<AgentOptions["convertToLlm"]>;
  transformContext?: AgentOptions["transformContext"];
  streamFn?: StreamFn;
  getApiKey?: AgentOptions["getApiKey"];
  sessionId?: string;
  steeringMode: QueueMode;
  followUpMode: QueueMode;

  constructor(options: AgentOptions = {}) {
    const s = options.initialState ?? {};
    this.current = {
      systemPrompt: s.systemPrompt ?? "",
      model: s.model,
      thinkingLevel: s.thinkingLevel ?? "off",
      tools: s.tools ?? [],
      messages: s.messages ?? [],
      pendingToolCalls: new Set(),
    };
    this.convertToLlm = options.convertToLlm ?? defaultConvert;
    this.transformContext = options.transformContext;
    this.streamFn = options.streamFn;
    this.getApiKey = options.getApiKey;
    this.sessionId = options.sessionId;
    this.steeringMode = options.steeringMode ?? "one-at-a-time";
    this.followUpMode = options.followUpMode ?? "one-at-a-time";
  }

  get state() {
    const isStreaming = this.run !== undefined;
    return Object.defineProperty(this.current, "isStreaming", {
      value: isStreaming,
      configurable: true,
      enumerable: true,
    }) as typeof this.current & { readonly isStreaming: boolean; model: Model };
  }
  get signal(): AbortSignal | undefined {
    return this.run?.controller.signal;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  steer(message: AgentMessage): void {
    this.steeringQueue.push(message);
  }
  followUp(message: AgentMessage): void {
    this.followUpQueue.push(message);
  }
  clearSteeringQueue(): void {
    this.steeringQueue = [];
  }
  clearFollowUpQueue(): void {
    this.followUpQueue = [];
  }
  clearAllQueues(): void {
    this.clearSteeringQueue();
    this.clearFollowUpQueue();
  }
  hasQueuedMessages(): boolean {
    return this.steeringQueue.length + this.followUpQueue.length > 0;
  }
  abort(): void {
    this.run?.controller.abort();
  }
  async waitForIdle(): Promise<void> {
    await this.run?.done;
  }
  reset(): void {
    this.current.messages = [];
    this.current.streamingMessage = undefined;
    this.current.errorMessage = undefined;
    this.clearAllQueues();
  }

  prompt(input: string | AgentMessage | AgentMessage[], images: ImageContent[] = []): Promise<void> {
    const messages: AgentMessage[] =
      typeof input === "string"
        ? [{ role: "user", content: [{ type: "text", text: input }, ...images], timestamp: Date.now() } as AgentMessage]
        : Array.isArray(input)
          ? input
          : [input];
    return this.start((ctx, config, emit, signal) => runAgentLoop(messages, ctx, config, emit, signal, this.streamFn));
  }
  continue(): Promise<void> {
    return this.start((ctx, config, emit, signal) => runAgentLoopContinue(ctx, config, emit, signal, this.streamFn));
  }

  private take(queue: "steeringQueue" | "followUpQueue", mode: QueueMode): AgentMessage[] {
    const taken = mode === "all" ? this[queue] : this[queue].slice(0, 1);
    this[queue] = this[queue].slice(taken.length);
    return taken;
  }

  private start(
    run: (ctx: AgentContext, config: AgentLoopConfig, emit: (e: AgentEvent) => Promise<void>, signal: AbortSignal) => Promise<unknown>,
  ): Promise<void> {
    if (this.run)
      throw new Error("Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.");
    const model = this.current.model;
    if (!model) throw new Error("No model configured");
    const controller = new AbortController();
    const ctx: AgentContext = { systemPrompt: this.current.systemPrompt, messages: this.current.messages, tools: this.current.tools };
    const config: AgentLoopConfig = {
      model,
      reasoning: this.current.thinkingLevel === "off" ? undefined : this.current.thinkingLevel,
      sessionId: this.sessionId,
      convertToLlm: this.convertToLlm,
      transformContext: this.transformContext,
      getApiKey: this.getApiKey,
      getSteeringMessages: async () => this.take("steeringQueue", this.steeringMode),
      getFollowUpMessages: async () => this.take("followUpQueue", this.followUpMode),
    };
    const emit = async (event: AgentEvent) => {
      if (event.type === "message_update") this.current.streamingMessage = (event as { message: AgentMessage }).message;
      if (event.type === "message_end") this.current.streamingMessage = undefined;
      for (const listener of [...this.listeners]) await listener(event, controller.signal);
    };
    const done = run(ctx, config, emit, controller.signal)
      .then(
        () => undefined,
        (error: unknown) => void (this.current.errorMessage = error instanceof Error ? error.message : String(error)),
      )
      .finally(() => (this.run = undefined));
    this.run = { controller, done };
    return done;
  }
}
