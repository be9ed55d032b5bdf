// What a plugin is and what it may contribute. Plugins import these types (and the define*
// helpers) from the kernel; they never import each other.
import type { TSchema } from "@sinclair/typebox";
import type { HookName, HookSignatures, TapOptions } from "./hooks.js";
import type { ServiceName, Services } from "./services.js";
import type {
  AgentEvent, AgentMessage, Diagnostic, ImageContent, KnownEvent, Model, ProviderDef, QueueMode, ThinkingLevel, ToolDef,
} from "./types.js";

/**
 * What plugins contribute through `api.register.<kind>`. The kernel knows two kinds by meaning
 * (providers and tools, which the loop uses); every other kind (commands, themes, surfaces, ...)
 * is declared in contracts/ by declaration merging, and the kernel only stores it by name.
 */
export interface Contributions {
  provider: ProviderDef;
  // biome-ignore lint/suspicious/noExplicitAny: heterogeneous by design (tools of any schema, provider JSON)
  tool: ToolDef<any, any>;
}
export type Kind = keyof Contributions & string;

export interface PromptOptions {
  images?: ImageContent[];
  source?: "interactive" | "rpc" | "extension" | "cli";
  /** While a run is going: queue as steering or follow-up (without it, prompting then throws). */
  streamingBehavior?: "steer" | "followUp";
  /** Called once the prompt is taken: a command ran, the message was queued, or its run is starting (pi's preflight). */
  onAccepted?(): void;
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
  /** Emits `model_select` ({model, previousModel, source}) on the event hook, then clamps the thinking level to the model. */
  setModel(model: Model, source?: "set" | "cycle" | "restore"): void;
  /** Sets the level clamped to the model; emits `thinking_level_select` ({level, previousLevel}) when it changes. */
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

/** Takes a registration back (idempotent). */
export type Disposer = () => void;

export interface PluginApi {
  readonly name: string;
  readonly cwd: string;
  readonly agentDir: string;
  /** Merged settings.json (global, then project); the keys declared in `Settings` are typed. */
  readonly settings: Readonly<Partial<Settings>> & Readonly<Record<string, unknown>>;
  /** Parsed command-line options (camelCase); the flags declared in `Flags` are typed. */
  readonly flags: Readonly<Partial<Flags>> & Readonly<Record<string, unknown>>;
  /** Every registration returns its disposer; one made after setup takes effect at once (the next snapshot). */
  on<K extends HookName>(hook: K, fn: HookSignatures[K], opts?: TapOptions): Disposer;
  register: { [K in Kind]: (def: Contributions[K]) => Disposer };
  registry: {
    get<K extends Kind>(kind: K, name: string): Contributions[K] | undefined;
    list<K extends Kind>(kind: K): Contributions[K][];
    /** The plugin that registered it (to name it when its handler fails). */
    owner(kind: Kind, name: string): string | undefined;
  };
  /**
   * Named services (contracts in contracts/, merged into `Services`): typed by name, no generic.
   * A plugin looks up only what its definition declares (`requires`, `uses`, `provides`).
   */
  services: {
    provide<K extends ServiceName>(name: K, impl: Services[K]): Disposer;
    provide(name: string, impl: unknown): Disposer;
    use<K extends ServiceName>(name: K): Services[K];
    use(name: string): unknown;
    /** The service, or undefined when no plugin provides it. */
    get<K extends ServiceName>(name: K): Services[K] | undefined;
    get(name: string): unknown;
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
  /**
   * State that outlives reloads (Vite's `hot.data`): the value stored under `key` for this plugin,
   * created by `init` the first time. The kernel drops it when the plugin leaves the agent.
   */
  keep<T>(key: string, init: () => T): T;
  /** Releases a resource when this version of the plugin is replaced or leaves (run last-in, first-out). */
  onDispose(fn: () => unknown): void;
  /** The api itself: it lives as long as the plugin (kept for pi-compat and older plugins). */
  current(): PluginApi;
}

export interface PluginDef {
  name: string;
  /** Services this plugin needs; their providers are set up first, and it is dropped without them. */
  requires?: ServiceRef[];
  /**
   * Services this plugin looks up when present (`services.get`/`has`), usually at run time; they
   * do not order setup (use `after` for that), so two plugins may use each other.
   */
  uses?: ServiceRef[];
  /** Services this plugin provides (lets the host order plugins before setup runs). */
  provides?: ServiceRef[];
  /** Plugins (or providers of services) that must be set up before this one, when present. */
  after?: string[];
  /**
   * The command-line flags it reads, by name (`"permission-mode"`: `pi --help` lists them), and the settings.json keys
   * (a TypeBox object schema: a value of the wrong type is reported at start).
   */
  flags?: Record<string, FlagSpec>; settings?: TSchema;
  /** Registers what the plugin contributes; what it returns is ignored (an arrow may return a disposer). */
  setup(api: PluginApi): unknown;
}

/**
 * The flags and settings keys plugins read, merged from contracts/ by declaration merging as `Services` is. A declared
 * flag (`FlagSpec`) is parsed by its type; a value outside `choices` stops the run; `preset` is the value of a bare `--flag`.
 */
// biome-ignore-start lint/suspicious/noEmptyInterface: filled by declaration merging
export interface Flags {} export interface Settings {} export interface FlagSpec { type: "boolean" | "string" | "number" | "list";
  description?: string; default?: unknown; choices?: readonly string[]; preset?: string }
// biome-ignore-end lint/suspicious/noEmptyInterface: filled by declaration merging

/** A service name; "*" in `uses` lets a host-adapted plugin (a pi extension) look up anything. */
export type ServiceRef = ServiceName | (string & {});

/** Narrows an event to a declared type (kernel events, and custom ones merged into CustomEvents). */
export function isEvent<K extends KnownEvent["type"]>(event: AgentEvent, type: K): event is Extract<KnownEvent, { type: K }> {
  return event.type === type;
}

export function definePlugin(def: PluginDef): PluginDef {
  return def;
}

export function defineTool<S extends TSchema, D = unknown>(def: ToolDef<S, D>): ToolDef<S, D> {
  return def;
}
