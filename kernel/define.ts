// What a plugin is and what it may contribute. Plugins import these types (and the define*
// helpers) from the kernel; they never import each other.
import type { TSchema } from "@sinclair/typebox";
import type { HookName, HookSignatures, TapOptions } from "./hooks.js";
import type {
  AgentEvent, AgentMessage, Diagnostic, ImageContent, Model, ProviderDef, QueueMode, ThinkingLevel, ToolDef,
} from "./types.js";

export interface CommandContext { args: string; api: PluginApi }
export interface CommandDef {
  name: string;
  description?: string;
  argumentHint?: string;
  /** Where the command comes from: "builtin", "extension", "prompt", "skill". */
  source?: string;
  /** Where it was found, in pi's SourceInfo shape (RPC get_commands, pi.getCommands()). */
  sourceInfo?: { path: string; source: string; scope: "user" | "project" | "temporary"; origin: "package" | "top-level"; baseDir?: string };
  handler(args: string, ctx: CommandContext): unknown;
  getArgumentCompletions?(prefix: string): { value: string; label?: string }[] | undefined;
}

/** A key the interactive UIs hand to a plugin; `name` is the key id, e.g. "ctrl+shift+p". */
export interface ShortcutDef { name: string; description?: string; handler(): unknown }
/** How the UIs draw session messages of one custom type (`name` is the `customType`). */
export interface MessageRendererDef {
  name: string;
  render(message: AgentMessage, opts: { expanded: boolean; width: number; theme: unknown }): string[] | undefined;
}

/** A front end (a UI or a headless mode). The CLI picks one by name and runs it. */
export interface SurfaceDef {
  name: string;
  description?: string;
  /** Lets a surface take over for some flags (e.g. --export, --list-models) whatever the mode. */
  claims?(flags: Readonly<Record<string, unknown>>): boolean;
  run(ctx: SurfaceContext): Promise<number>;
}
export interface SurfaceContext {
  /** Messages given on the command line (piped stdin already prepended to the first), in order. */
  messages: string[];
  /** Images from `@file` arguments, for the first message. */
  images?: ImageContent[];
}

/** Contributions the kernel only stores, keyed by name, for the plugins that use them. */
export interface NamedDef { name: string; [key: string]: unknown }

export interface Contributions {
  provider: ProviderDef;
  tool: ToolDef<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  command: CommandDef;
  theme: NamedDef;
  compactor: NamedDef;
  surface: SurfaceDef;
  shortcut: ShortcutDef;
  messageRenderer: MessageRendererDef;
}
export type Kind = keyof Contributions;

export interface PromptOptions {
  images?: ImageContent[];
  source?: "interactive" | "rpc" | "extension" | "cli";
  /** While a run is going: queue as steering or follow-up (without it, prompting then throws). */
  streamingBehavior?: "steer" | "followUp";
}

/** What plugins can ask the agent to do. */
export interface AgentActions {
  /** Runs the input hook (commands may claim it), then starts a run; resolves when it ends. */
  prompt(text: string, opts?: PromptOptions): Promise<void>;
  /** Starts a run with prepared messages, bypassing the input hook; `send([])` continues. */
  send(messages: AgentMessage[]): Promise<void>;
  steer(text: string | AgentMessage): void;
  followUp(text: string | AgentMessage): void;
  /** Empties the steering and follow-up queues and returns what they held (Esc / Alt+Up). */
  clearQueues(): AgentMessage[];
  abort(): void;
  waitForIdle(): Promise<void>;
  /** Emits `model_select` ({model, previousModel, source}) on the event hook. */
  setModel(model: Model, source?: "set" | "cycle" | "restore"): void;
  /** Emits `thinking_level_select` ({level, previousLevel}). */
  setThinkingLevel(level: ThinkingLevel): void;
  setSessionId(id: string): void;
  /** Names of the tools the model may use; undefined restores the defaults. */
  setActiveTools(names: string[] | undefined): void;
  setMessages(messages: AgentMessage[]): void;
  setQueueModes(modes: { steering?: QueueMode; followUp?: QueueMode }): void;
  /** Re-discovers and reloads plugins through the hot-reload path. */
  reload(): Promise<void>;
  /** Publishes an event on the bus (session events: queue, compaction, retry, ...). */
  emit(event: AgentEvent): void;
}

/** A read-only view of the agent's state. */
export interface AgentView {
  readonly messages: readonly AgentMessage[];
  readonly model: Model | undefined;
  readonly thinkingLevel: ThinkingLevel;
  readonly isStreaming: boolean;
  readonly sessionId: string;
  readonly cwd: string;
  readonly steeringMode: QueueMode;
  readonly followUpMode: QueueMode;
  readonly pendingMessageCount: number;
  activeToolNames(): string[];
}

export interface PluginApi {
  readonly name: string;
  readonly cwd: string;
  readonly agentDir: string;
  /** Merged settings.json (global, then project). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Parsed command-line options, including unknown `--flags` for plugins. */
  readonly flags: Readonly<Record<string, unknown>>;
  on<K extends HookName>(hook: K, fn: HookSignatures[K], opts?: TapOptions): void;
  register: { [K in Kind]: (def: Contributions[K]) => void };
  registry: {
    get<K extends Kind>(kind: K, name: string): Contributions[K] | undefined;
    list<K extends Kind>(kind: K): Contributions[K][];
    /** The plugin that registered it (to name it when its handler fails). */
    owner(kind: Kind, name: string): string | undefined;
  };
  services: {
    provide<T>(name: string, impl: T): void;
    use<T>(name: string): T;
    /** The service, or undefined when no plugin provides it. */
    get<T>(name: string): T | undefined;
    has(name: string): boolean;
  };
  actions: AgentActions;
  agent: AgentView;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, error?: unknown): void;
  };
  /** Emits a diagnostic attributed to this plugin. */
  diagnose(d: Omit<Diagnostic, "plugin">): void;
  /** Releases a resource when this plugin generation retires (run last-in, first-out). */
  onDispose(fn: () => unknown): void;
  /**
   * This plugin's api in the current generation. Long-lived code (a UI, the RPC loop) that
   * outlives a reload calls this instead of keeping an api that goes stale; it works even on a
   * stale api.
   */
  current(): PluginApi;
}

export interface PluginDef {
  name: string;
  /** Services this plugin uses; their providers are set up first, and it is dropped without them. */
  requires?: string[];
  /** Services this plugin provides (lets the host order plugins before setup runs). */
  provides?: string[];
  /** Plugins that must be set up before this one, when present. */
  after?: string[];
  setup(api: PluginApi): void | Promise<void>;
}

export function definePlugin(def: PluginDef): PluginDef {
  return def;
}

export function defineTool<S extends TSchema, D = unknown>(def: ToolDef<S, D>): ToolDef<S, D> {
  return def;
}
