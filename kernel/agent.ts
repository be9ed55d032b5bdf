// The agent's state: the conversation, model, queues and the one run in flight. It runs the loop
// against whatever plugin generation is current when each turn starts.
import type { AgentView } from "./define.js";
import { runLoop, type TurnRuntime } from "./loop.js";
import type { AgentEvent, AgentMessage, Model, QueueMode, ThinkingLevel, ToolDef } from "./types.js";

export interface AgentEnv {
  cwd: string;
  enterTurn(): Promise<TurnRuntime>;
  leaveTurn(): void;
  emit(event: AgentEvent): void;
  /** Every tool registered in the current generation. */
  allTools(): ToolDef[];
}

export class Agent implements AgentView {
  messages: AgentMessage[] = [];
  model: Model | undefined;
  thinkingLevel: ThinkingLevel = "medium";
  steeringMode: QueueMode = "one-at-a-time";
  followUpMode: QueueMode = "one-at-a-time";
  private id: string | undefined;
  /** A session plugin sets it; a random one only if something asks first (node:crypto loads lazily: ~2 ms of start-up). */
  get sessionId(): string { return (this.id ??= process.getBuiltinModule("node:crypto").randomUUID()); }
  set sessionId(id: string) { this.id = id; }
  /** Tool names the user picked; undefined means every tool that is active by default. */
  activeTools: string[] | undefined;
  private steering: AgentMessage[] = [];
  private followUps: AgentMessage[] = [];
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly env: AgentEnv) {}

  get cwd(): string { return this.env.cwd; }
  get isStreaming(): boolean { return this.running !== undefined; }
  get pendingMessageCount(): number { return this.steering.length + this.followUps.length; }

  activeToolNames(): string[] {
    return this.selectTools(this.env.allTools()).map((t) => t.name);
  }

  selectTools(all: ToolDef[]): ToolDef[] {
    if (!this.activeTools) return all.filter((t) => t.defaultActive !== false);
    const wanted = new Set(this.activeTools);
    return all.filter((t) => wanted.has(t.name));
  }

  /** Starts a run; resolves when it ends. The loop never throws, so neither does this. */
  run(prompts: AgentMessage[]): Promise<void> {
    if (this.running) throw new Error("The agent is already running; steer or queue a follow-up instead");
    const controller = new AbortController();
    this.controller = controller;
    const deps = {
      state: this,
      signal: controller.signal,
      enterTurn: () => this.env.enterTurn(),
      leaveTurn: () => this.env.leaveTurn(),
      takeSteering: () => this.take(this.steering, this.steeringMode),
      takeFollowUp: () => this.take(this.followUps, this.followUpMode),
      emit: (e: AgentEvent) => this.env.emit(e),
    };
    const run = runLoop(prompts, deps).finally(() => {
      if (this.running === run) this.running = undefined;
      if (this.controller === controller) this.controller = undefined;
      // Idle now (isStreaming is false): clients waiting for the prompt to finish stop here.
      this.env.emit({ type: "agent_settled" });
    });
    this.running = run;
    return run;
  }

  steer(message: AgentMessage): void {
    this.steering.push(message);
    this.emitQueue();
  }

  followUp(message: AgentMessage): void {
    this.followUps.push(message);
    this.emitQueue();
  }

  /** Empties both queues and returns what was in them (the UI puts it back in the editor). */
  clearQueues(): AgentMessage[] {
    const all = [...this.steering, ...this.followUps];
    this.steering = [];
    this.followUps = [];
    if (all.length > 0) this.emitQueue();
    return all;
  }

  abort(): void {
    this.controller?.abort();
  }

  async waitForIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  private take(queue: AgentMessage[], mode: QueueMode): AgentMessage[] {
    if (queue.length === 0) return [];
    const taken = mode === "all" ? queue.splice(0) : queue.splice(0, 1);
    this.emitQueue();
    return taken;
  }

  private emitQueue(): void {
    const text = (m: AgentMessage) => messageText(m);
    this.env.emit({ type: "queue_update", steering: this.steering.map(text), followUp: this.followUps.map(text) });
  }
}

/** The text of a queued message, as queue_update reports it. */
function messageText(m: AgentMessage): string {
  const content = (m as { content?: unknown }).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((c) => c?.type === "text").map((c) => c.text as string).join("\n");
}
