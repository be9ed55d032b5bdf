// The composition root: one agent, one plugin host, and the actions plugins drive them with.
import { Agent } from "./agent.js";
import type { AgentActions, PluginDef, PromptOptions } from "./define.js";
import type { PluginSource } from "./generation.js";
import { Host } from "./host.js";
import type { TurnRuntime } from "./loop.js";
import type { PlainCheck } from "./schema.js";
import { clampThinkingLevel } from "./thinking.js";
import type { AgentEvent, AgentMessage, Diagnostic, ThinkingLevel, UserMessage } from "./types.js";

export interface KernelOptions {
  cwd: string;
  agentDir: string;
  settings?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  /** In-process plugins (SDK, tests), loaded after discovered ones. */
  plugins?: PluginDef[];
  /** Lists plugin entry files, in load order, on every (re)load; the composition root decides. */
  discover?(): Promise<PluginSource[]>;
  watch?: boolean;
  /** Directories and files whose changes reload plugins (extension dirs, the pi-packages.json). */
  watchDirs?: string[];
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

export interface Kernel {
  agent: Agent;
  host: Host;
  actions: AgentActions;
  start(): Promise<void>;
  stop(reason?: string): Promise<void>;
}

export function createKernel(o: KernelOptions): Kernel {
  const host = new Host({
    discover: o.discover ?? (async () => []),
    inline: o.plugins,
    watch: o.watch,
    watchDirs: o.watchDirs,
    fallbackReport: o.fallbackReport,
    modules: o.modules,
    aliases: o.aliases,
    compiledModule: o.compiledModule,
  });
  const emit = (event: AgentEvent) => host.current.hooks.event.call(event);
  const agent: Agent = new Agent({
    cwd: o.cwd,
    emit,
    allTools: () => host.current.registry.list("tool"),
    enterTurn: async (): Promise<TurnRuntime> => {
      const gen = host.enterTurn();
      return {
        hooks: gen.hooks,
        provider: (api) => gen.registry.get("provider", api),
        tools: agent.selectTools(gen.registry.list("tool")),
        selectTools: () => agent.selectTools(gen.registry.list("tool")),
        validator: gen.validator,
      };
    },
    leaveTurn: () => host.leaveTurn(),
  });
  const actions = createActions(agent, host, emit);
  return {
    agent,
    host,
    actions,
    start: () => host.start({
      cwd: o.cwd, agentDir: o.agentDir, settings: o.settings ?? {}, flags: o.flags ?? {}, actions, agent,
      current: (name) => host.current.apis.get(name),
      kept: (name) => host.keptState(name),
      plainArgs: o.plainArgs,
    }),
    async stop(reason) {
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
      if (!agent.isStreaming) {
        opts.onAccepted?.();
        return agent.run([message]);
      }
      if (!opts.streamingBehavior) {
        throw new Error("Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.");
      }
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
    setQueueModes: ({ steering, followUp }) => {
      if (steering) agent.steeringMode = steering;
      if (followUp) agent.followUpMode = followUp;
    },
    reload: () => host.reload(),
    emit,
  };
}
