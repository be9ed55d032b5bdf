// The "agent-factory" service (contracts/agent-factory.ts): the composition root composes child
// agents in this process from the same packages, settings and `-e` extensions as the agent it
// belongs to, each a kernel of its own (tools, model, context, session file). Only the composition
// root may compose, so the service is provided from here by an in-process plugin, and the
// subagents plugin stays a plain plugin.
//
// Permissions: a child's every tool call first passes its parent's `toolCall` gate (forwarded
// from a tap at Stage.EARLY in the child), so the parent's permissions plugin, its rules and the
// parent's UI (the one that can ask the user) decide, as do the parent's extensions' tool_call
// handlers; then the child's own gate runs as well.
import { definePlugin, Stage, type Diagnostic, type Kernel, type PluginDef } from "../kernel/index.js";
import type { AgentFactory, ChildAgent, ChildAgentOptions } from "../contracts/agent-factory.js";
import type { ComposeOptions, ComposedAgent } from "./agent.js";

/** Flags of one run that a child does not inherit (it gets its own model, session, tools, mode). */
const RUN_FLAGS = [
  "print",
  "mode",
  "model",
  "provider",
  "thinking",
  "session",
  "continue",
  "resume",
  "fork",
  "tools",
  "appendSystemPrompt",
  "models",
  "listModels",
  "export",
  "trust",
  "extension",
  "ui",
  "apiKey",
];

export interface FactoryParent {
  /** The parent's options (its flags as given) with `-e` installed. */
  options: ComposeOptions;
  kernel(): Kernel;
  compose(o: ComposeOptions): Promise<ComposedAgent>;
}

export function agentFactoryPlugin(parent: FactoryParent): PluginDef {
  return definePlugin({
    name: "agent-factory",
    provides: ["agent-factory"],
    setup(api) {
      const factory: AgentFactory = { create: (o) => createChild(parent, o) };
      api.services.provide("agent-factory", factory);
    },
  });
}

async function createChild(parent: FactoryParent, o: ChildAgentOptions): Promise<ChildAgent> {
  const p = parent.options;
  const parentKernel = parent.kernel();
  const model = o.model ?? parentKernel.agent.model;
  const composed = await parent.compose({
    cwd: p.cwd,
    agentDir: p.agentDir,
    flags: childFlags(p.flags, parentKernel, o, model?.provider),
    settings: p.settings,
    extensions: [...(p.extensions ?? []), ...(o.packages ?? [])],
    noExtensions: p.noExtensions,
    plugins: [parentGate(parent.kernel), ...(o.plugins ?? [])],
    aliases: p.aliases,
    watch: false,
    // One per-file queue per process: the child's writes queue with its parent's (compose/file-mutations.ts).
    fileMutations: p.fileMutations,
    tools: o.tools ? { only: o.tools } : undefined,
    report: (d: Diagnostic) => parentKernel.report({ ...d, where: `subagent${d.where ? `: ${d.where}` : ""}` }),
  });
  const { kernel } = composed;
  try {
    await composed.start();
  } catch (error) {
    composed.cleanup();
    throw error;
  }
  // A model flag names it by pattern; a model added at run time (an extension's) needs the object.
  if (model && (kernel.agent.model?.provider !== model.provider || kernel.agent.model?.id !== model.id)) kernel.actions.setModel(model);
  return {
    prompt: (text) => kernel.actions.send([{ role: "user", content: text, timestamp: Date.now() }]),
    abort: () => kernel.actions.abort(),
    get messages() {
      return kernel.agent.messages;
    },
    get model() {
      return kernel.agent.model;
    },
    async dispose() {
      try {
        await kernel.stop("subagent-done");
      } finally {
        composed.cleanup();
      }
    },
  };
}

function childFlags(
  given: Readonly<Record<string, unknown>>,
  parentKernel: Kernel,
  o: ChildAgentOptions,
  provider: string | undefined,
): Record<string, unknown> {
  const flags: Record<string, unknown> = { ...given };
  for (const name of RUN_FLAGS) delete flags[name];
  const depth = typeof given.subagentDepth === "number" ? given.subagentDepth : 0;
  // --api-key belongs to the provider the parent runs on; never send it to another one.
  const keyProvider = typeof given.provider === "string" ? given.provider : parentKernel.agent.model?.provider;
  return {
    ...flags,
    mode: "subagent",
    subagentDepth: depth + 1,
    ...(o.model && { model: `${o.model.provider}/${o.model.id}`, provider: o.model.provider }),
    ...(!o.model && parentKernel.agent.model && { model: `${parentKernel.agent.model.provider}/${parentKernel.agent.model.id}` }),
    ...(o.thinkingLevel && { thinking: o.thinkingLevel }),
    ...(!o.thinkingLevel && { thinking: parentKernel.agent.thinkingLevel }),
    session: o.sessionFile ?? false,
    ...(o.appendSystemPrompt && { appendSystemPrompt: [o.appendSystemPrompt] }),
    ...(typeof given.apiKey === "string" && provider === keyProvider && { apiKey: given.apiKey }),
  };
}

/** The parent's `toolCall` gate, asked first about every tool call of the child. */
function parentGate(parentKernel: () => Kernel): PluginDef {
  return definePlugin({
    name: "parent-gate",
    setup(api) {
      api.on("toolCall", (event) => parentKernel().hooks.toolCall.promise(event), { stage: Stage.EARLY });
    },
  });
}
