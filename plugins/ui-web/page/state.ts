// The page's state and a tiny store: one immutable object replaced on every change, so Preact
// components memoised on a message's identity redraw only what changed (a streamed answer
// redraws its own row, not the whole transcript).
import type { ConnectionState } from "./rpc.js";
import type { Message, ToolResult } from "./messages.js";

export interface Model {
  id: string;
  name?: string;
  provider: string;
  reasoning?: boolean;
}

export interface SlashCommand {
  name: string;
  description?: string;
  source?: string;
}

/** An extension_ui_request that waits for an answer (select, confirm, input, editor). */
export interface Dialog {
  id: string;
  method: "select" | "confirm" | "input" | "editor";
  title?: string;
  message?: string;
  options?: string[];
  placeholder?: string;
  prefill?: string;
  diff?: string;
  timeout?: number;
}

export interface Toast {
  id: number;
  message: string;
  level: string;
}

export interface LiveTool {
  running: boolean;
  partial?: ToolResult;
}

export interface State {
  connection: ConnectionState;
  messages: Message[];
  /** The assistant message being streamed, drawn after `messages` until its message_end. */
  streaming?: Message;
  live: Record<string, LiveTool>;
  isStreaming: boolean;
  model?: Model;
  thinkingLevel?: string;
  sessionName?: string;
  sessionFile?: string;
  models: Model[];
  levels: string[];
  commands: SlashCommand[];
  dialogs: Dialog[];
  toasts: Toast[];
  statuses: Record<string, string>;
  widgets: Record<string, string[]>;
  /** Text pushed into the editor (set_editor_text, a rewind); `seq` tells a new push from the same text. */
  editorPush?: { text: string; seq: number };
  queued: { steering: string[]; followUp: string[] };
  /** The page's own panels (not the agent's dialogs). */
  panel?: "rewind" | "sessions";
  /** A rewind was made from this page: offer to undo it. */
  canUndoRewind?: boolean;
}

export const initialState: State = {
  connection: "connecting",
  messages: [],
  live: {},
  isStreaming: false,
  models: [],
  levels: [],
  commands: [],
  dialogs: [],
  toasts: [],
  statuses: {},
  widgets: {},
  queued: { steering: [], followUp: [] },
};

type Listener = (state: State) => void;

export class Store {
  private listeners = new Set<Listener>();
  constructor(public state: State = initialState) {}

  update(change: Partial<State> | ((s: State) => Partial<State>)): void {
    const patch = typeof change === "function" ? change(this.state) : change;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
