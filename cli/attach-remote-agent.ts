// The agent as `pi attach` sees it: a session that `pi serve` runs, reached through pi's RPC
// protocol on the server's WebSocket. It mirrors what the UI reads (messages, model, streaming,
// queue) from the responses and events, and folds pi's wire updates (deltas, without the partial
// message) back into the partial message the UI draws. Nothing runs here: every action is a command.
import type { AgentEvent, AgentMessage, Model, ThinkingLevel } from "pi-kernel";
import { parse as parsePartialJson } from "partial-json";
import type { WebSocket } from "ws";

// biome-ignore lint/suspicious/noExplicitAny: the server's JSON records (pi's RPC shapes), read field by field
type Rec = Record<string, any>;

export class RemoteAgent {
  messages: AgentMessage[] = [];
  model: Model | undefined;
  thinkingLevel: ThinkingLevel = "off";
  isStreaming = false;
  sessionId = "";
  sessionName: string | undefined;
  steeringMode: "all" | "one-at-a-time" = "one-at-a-time";
  followUpMode: "all" | "one-at-a-time" = "one-at-a-time";
  pendingMessageCount = 0;
  models: Model[] = [];
  commands: { name: string; description?: string }[] = [];
  private partial: Rec | undefined;
  private toolJson = new Map<number, string>();
  private pending = new Map<string, (r: Rec) => void>();
  /** Records a running command sends before its response (`bash_output`), by the command's id. */
  private progress = new Map<string, (r: Rec) => void>();
  private nextId = 1;
  private listeners = new Set<(e: AgentEvent) => void>();
  private requestListeners = new Set<(r: Rec) => void>();
  private idle: (() => void)[] = [];
  private refreshed = new Set<() => void>();

  constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => this.receive(JSON.parse(String(data)) as Rec));
  }

  async start(): Promise<void> {
    await Promise.all([this.refresh(), this.loadMessages(), this.loadLists()]);
  }

  onEvent(listener: (e: AgentEvent) => void): void {
    this.listeners.add(listener);
  }

  /** Called after the state was read anew (a model picked or cycled on the server): the UI redraws. */
  onRefresh(listener: () => void): void {
    this.refreshed.add(listener);
  }

  /** extension_ui_request / extension_ui_closed records (dialogs and fire-and-forget UI). */
  onUiRecord(listener: (r: Rec) => void): void {
    this.requestListeners.add(listener);
  }

  send(record: Rec): void {
    this.ws.send(JSON.stringify(record));
  }

  /** A command's data; a refusal throws its error. `progress` gets what it sends while it runs. */
  // biome-ignore lint/suspicious/noExplicitAny: each command's data has its own shape (pi's rpc-types)
  async call(command: Rec, progress?: (r: Rec) => void): Promise<any> {
    const id = `attach-${this.nextId++}`;
    if (progress) this.progress.set(id, progress);
    const response = await new Promise<Rec>((resolve) => {
      this.pending.set(id, resolve);
      this.send({ id, ...command });
    }).finally(() => this.progress.delete(id));
    if (!response.success) throw new Error(String(response.error));
    return response.data;
  }

  async refresh(): Promise<void> {
    const s = await this.call({ type: "get_state" });
    Object.assign(this, {
      model: s.model ?? undefined,
      thinkingLevel: s.thinkingLevel,
      isStreaming: s.isStreaming,
      sessionId: s.sessionId,
      sessionName: s.sessionName,
      steeringMode: s.steeringMode,
      followUpMode: s.followUpMode,
      pendingMessageCount: s.pendingMessageCount,
    });
    for (const l of this.refreshed) l();
  }

  /** A new list (another session, a compaction): the UI draws the transcript anew. */
  async loadMessages(): Promise<void> {
    this.messages = (await this.call({ type: "get_messages" })).messages;
  }

  async loadLists(): Promise<void> {
    const [models, commands] = await Promise.all([
      this.call({ type: "get_available_models" }).catch(() => ({ models: [] })),
      this.call({ type: "get_commands" }).catch(() => ({ commands: [] })),
    ]);
    this.models = models.models;
    this.commands = commands.commands;
  }

  waitForIdle(): Promise<void> {
    return this.isStreaming ? new Promise((resolve) => this.idle.push(resolve)) : Promise.resolve();
  }

  private receive(r: Rec): void {
    if (r.type === "response" && typeof r.id === "string" && this.pending.has(r.id)) {
      const resolve = this.pending.get(r.id)!;
      this.pending.delete(r.id);
      return resolve(r);
    }
    if (r.type === "bash_output") return void (typeof r.id === "string" && this.progress.get(r.id)?.(r));
    if (r.type === "extension_ui_request" || r.type === "extension_ui_closed") {
      for (const l of this.requestListeners) l(r);
      return;
    }
    if (r.type === "response") return;
    this.onWireEvent(r);
  }

  private onWireEvent(r: Rec): void {
    let event = r as AgentEvent;
    if (r.type === "agent_start") this.isStreaming = true;
    else if (r.type === "message_start" && r.message?.role === "assistant") this.startPartial(r.message);
    else if (r.type === "message_update")
      event = {
        type: "message_update",
        message: this.fold(r.assistantMessageEvent),
        assistantMessageEvent: r.assistantMessageEvent,
      } as AgentEvent;
    else if (r.type === "message_end") {
      this.partial = undefined;
      this.messages.push(r.message);
    } else if (r.type === "thinking_level_changed") this.thinkingLevel = r.level;
    else if (r.type === "session_info_changed") this.sessionName = r.name;
    for (const l of this.listeners) l(event);
    if (r.type === "agent_end") {
      this.isStreaming = false;
      for (const resolve of this.idle.splice(0)) resolve();
      void this.refresh().catch(() => undefined);
    }
  }

  private startPartial(message: Rec): void {
    this.partial = { ...message, content: [...(message.content ?? [])] };
    this.toolJson.clear();
  }

  /** pi's wire delta applied to the partial assistant message (text, thinking, tool calls). */
  private fold(delta: Rec): AgentMessage {
    const m = this.partial ?? { role: "assistant", content: [], timestamp: Date.now() };
    this.partial = m;
    const i = delta.contentIndex ?? 0;
    const content = m.content as Rec[];
    switch (delta.type) {
      case "text_start":
      case "text_delta":
      case "thinking_start":
      case "thinking_delta": {
        const kind = delta.type.startsWith("text") ? "text" : "thinking";
        content[i] = { type: kind, [kind]: `${content[i]?.[kind] ?? ""}${delta.delta ?? ""}` };
        break;
      }
      case "toolcall_start":
        content[i] = { type: "toolCall", id: delta.id, name: delta.toolName, arguments: {} };
        this.toolJson.set(i, "");
        break;
      case "toolcall_delta": {
        const json = `${this.toolJson.get(i) ?? ""}${delta.delta}`;
        this.toolJson.set(i, json);
        content[i] = { ...content[i], arguments: safeParse(json) };
        break;
      }
      case "toolcall_end":
        if (delta.toolCall) content[i] = delta.toolCall;
        break;
    }
    m.content = [...content];
    return { ...m } as AgentMessage;
  }
}

function safeParse(json: string): unknown {
  try {
    return parsePartialJson(json) ?? {};
  } catch {
    return {};
  }
}
