// The composition root: one agent, one plugin host, and the actions plugins drive them with.
import { Agent } from "./agent.js";
import type { AgentActions, PluginDef, PromptOptions } from "./define.js";
import type { Registry } from "./registry.js";
import type { Hooks } from "./hooks.js";
import type { LoadedPlugin, PluginSource } from "./store.js";
import { Host } from "./host.js";
import type { TurnRuntime } from "./loop.js";
import type { PlainCheck } from "./schema.js";
import type { ServiceName, Services } from "./services.js";
import { clampThinkingLevel } from "./thinking.js";
import type { AgentEvent, AgentMessage, Diagnostic, ThinkingLevel, UserMessage } from "./types.js";

/** Watches `targets` (folders or files, existing or not) and reports changed paths; the kernel owns no watcher of its own. */
export type WatchFactory = (targets: string[], onChange: (paths: string[]) => void, onError: (message: string) => void) =>
  Watcher | Promise<Watcher>;
export interface Watcher { update(targets: string[]): void; close(): Promise<void> }

export interface KernelOptions {
  cwd: string;
  agentDir: string;
  settings?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  /** In-process plugins (SDK, tests), loaded after discovered ones. */
  plugins?: PluginDef[];
  /**
   * Lists plugin entry files, in load order, on every (re)load; the composition root decides. `changed`: the files that
   * caused a live reload (none: start-up or /reload), so an edit that cannot change what is found may skip the scan.
   */
  discover?(changed?: readonly string[]): Promise<PluginSource[]>;
  /**
   * The file-watching facility that reloads plugins when their files change (the composition root gives lib/resource-kit's
   * watchPaths: one debounce, one content-hash skip, folders that do not exist yet); none: no hot reload.
   */
  watch?: WatchFactory;
  /** Directories and files whose changes reload plugins (extension dirs, the pi-packages.json). */
  watchDirs?: string[];
  /** Whether a changed file is part of a plugin (its module graph, its manifest); default: any file under its root. */
  partOf?(source: PluginSource, file: string): boolean;
  /** Whether a changed file no plugin owns may change what is discovered (then all reload); default: yes. Else ignored. */
  composes?(file: string): boolean;
  fallbackReport?(d: Diagnostic): void;
  /** Module instances plugins get by name; the composition root passes "pi-kernel" itself. */
  modules?: Record<string, unknown>;
  /** Import aliases for every plugin, besides those the discovered packages declare. */
  aliases?: Record<string, string>;
  /** Answers plainly valid tool arguments without ajv (lib/schema-kit's `plainlyValid`); ajv decides the rest. */
  plainArgs?: PlainCheck;
  /** A compiled built-in's module loaded the composition root's way (the CLI's start-up image); undefined: import the file. */
  compiledModule?(file: string): unknown;
}

/**
 * What the composition root and the CLI use of a started kernel: the agent, its actions, and a narrow view of the
 * current snapshot (`registry`, `service(name)`, `hooks`), the plugins of the latest load, the diagnostics so far
 * (the latest 500) and `report`. `host` is there for tests.
 */
export type Kernel = ReturnType<typeof createKernel>;

export function createKernel(o: KernelOptions) {
  const host = new Host(o);
  const emit = (event: AgentEvent) => host.current.hooks.event.call(event);
  const agent: Agent = new Agent({
    cwd: o.cwd,
    emit,
    allTools: () => host.current.registry.list("tool"),
    enterTurn: async (): Promise<TurnRuntime> => {
      const snap = host.enterTurn();
      return {
        hooks: snap.hooks,
        provider: (api) => snap.registry.get("provider", api),
        tools: agent.selectTools(snap.registry.list("tool")),
        selectTools: () => agent.selectTools(host.current.registry.list("tool")),
        validator: snap.validator,
      };
    },
    leaveTurn: () => host.leaveTurn(),
  });
  const actions = createActions(agent, host, emit);
  return {
    agent,
    host,
    actions,
    get registry(): Registry { return host.current.registry; },
    service: <K extends ServiceName>(name: K) => host.current.services.get(name)?.impl as Services[K] | undefined,
    get hooks(): Hooks { return host.current.hooks; },
    plugins: (): readonly LoadedPlugin[] => host.imported,
    diagnostics: host.diagnostics as readonly Diagnostic[],
    report: host.report,
    start: (): Promise<void> =>
      host.start({ cwd: o.cwd, agentDir: o.agentDir, settings: o.settings ?? {}, flags: o.flags ?? {}, actions, agent }),
    async stop(reason?: string) {
      agent.abort();
      await agent.waitForIdle();
      await host.stop(reason);
    },
  };
}

function createActions(agent: Agent, host: Host, emit: (e: AgentEvent) => void): AgentActions {
  // pi's content shape for what a user typed: a text block, then any images.
  const userMessage = (text: string, images: PromptOptions["images"]): UserMessage => ({
    role: "user", content: [{ type: "text", text }, ...(images ?? [])], timestamp: Date.now(),
  });
  // Clamped to the model (pi's setThinkingLevel): "off" for a model without reasoning; announced when it changes.
  const setLevel = (wanted: ThinkingLevel) => {
    const previousLevel = agent.thinkingLevel;
    agent.thinkingLevel = clampThinkingLevel(wanted, agent.model);
    if (agent.thinkingLevel !== previousLevel) emit({ type: "thinking_level_select", level: agent.thinkingLevel, previousLevel });
  };
  const asMessage = (m: string | AgentMessage) => (typeof m === "string" ? userMessage(m, undefined) : m);
  return {
    async prompt(text, opts = {}) {
      const claimed = await host.current.hooks.input.promise({ text, images: opts.images, source: opts.source ?? "cli" });
      if (claimed?.action === "handled") return opts.onAccepted?.();
      const final = claimed?.action === "transform" ? claimed : { text, images: opts.images };
      const message = userMessage(final.text, final.images);
      if (!agent.isStreaming) return opts.onAccepted?.(), agent.run([message]);
      if (!opts.streamingBehavior) {
        throw new Error("Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message."); }
      if (opts.streamingBehavior === "steer") agent.steer(message);
      else agent.followUp(message);
      opts.onAccepted?.();
    },
    send: (messages) => agent.run(messages),
    steer: (m) => agent.steer(asMessage(m)),
    followUp: (m) => agent.followUp(asMessage(m)),
    clearQueues: () => agent.clearQueues(),
    abort: () => agent.abort(),
    waitForIdle: () => agent.waitForIdle(),
    setModel: (model, source = "set") => {
      const previousModel = agent.model;
      agent.model = model;
      emit({ type: "model_select", model, previousModel, source });
      setLevel(agent.thinkingLevel);
    },
    setThinkingLevel: setLevel,
    setSessionId: (id) => { agent.sessionId = id; },
    setActiveTools: (names) => { agent.activeTools = names; },
    setMessages: (messages) => { agent.messages = [...messages]; },
    setQueueModes: ({ steering: s, followUp: f }) => void Object.assign(agent, s && { steeringMode: s }, f && { followUpMode: f }),
    reload: () => host.reload(),
    emit,
  };
}
