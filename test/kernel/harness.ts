// A real kernel with in-process plugins, recording every event and diagnostic.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createKernel,
  definePlugin,
  Type,
  type AgentEvent,
  type Diagnostic,
  type Kernel,
  type KernelOptions,
  type PluginDef,
  type ToolDef,
  type ToolResultMessage,
} from "../../kernel/index.js";
import { scriptedProvider, type ScriptedProvider } from "../support/scripted-provider.js";
import { kernelModules } from "../support/kernel-modules.js";
import { type DiscoverOptions, withDiscovery } from "../../compose/discover.js";
import { watchPlugins } from "../../compose/watch.js";

export interface Harness {
  kernel: Kernel;
  sim: ScriptedProvider;
  events: AgentEvent[];
  diagnostics: Diagnostic[];
  types(): string[];
}

/** Kernel options plus the composition root's discovery options (`noDiscovery` defaults to true here). */
export type HarnessOptions = Partial<Omit<KernelOptions, "watch">> &
  Partial<Omit<DiscoverOptions, "cwd" | "agentDir">> & {
    noDiscovery?: boolean;
    /** Hot reload through the composition root's watcher (compose/watch.ts), as the CLI's long-lived modes have it. */
    watch?: boolean;
  };

export async function startKernel(plugins: PluginDef[] = [], opts: HarnessOptions = {}): Promise<Harness> {
  const sim = scriptedProvider();
  const events: AgentEvent[] = [];
  const diagnostics: Diagnostic[] = [];
  const recorder = definePlugin({
    name: "recorder",
    setup(api) {
      api.on("event", (e) => void events.push(e));
      api.on("diagnostic", (d) => void diagnostics.push(d));
    },
  });
  const dir = opts.cwd ?? mkdtempSync(join(tmpdir(), "pik-kernel-"));
  const agentDir = opts.agentDir ?? join(dir, "agent");
  const discovery = withDiscovery({ noDiscovery: true, ...opts, cwd: dir, agentDir });
  const kernel = createKernel({
    cwd: dir,
    agentDir,
    ...discovery,
    ...(await kernelModules()),
    ...opts,
    watch: opts.watch ? watchPlugins : undefined,
    plugins: [recorder, sim.plugin, ...plugins],
  });
  await kernel.start();
  kernel.actions.setModel(sim.model);
  return { kernel, sim, events, diagnostics, types: () => events.map((e) => e.type) };
}

/** A tool plugin whose tool records calls and can be slowed down or made to fail. */
export function toolPlugin(
  name: string,
  opts: { delayMs?: number; mode?: "sequential" | "parallel"; log?: string[]; terminate?: boolean; fail?: string } = {},
): PluginDef {
  const parameters = Type.Object({ value: Type.String(), count: Type.Optional(Type.Number()) });
  const tool: ToolDef<typeof parameters> = {
    name,
    description: `test tool ${name}`,
    parameters,
    executionMode: opts.mode,
    async execute(_id, params, signal) {
      opts.log?.push(`start:${name}:${params.value}`);
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, opts.delayMs ?? 0);
        signal.addEventListener(
          "abort",
          () => {
            clearTimeout(t);
            reject(new Error(`${name} aborted`));
          },
          { once: true },
        );
      });
      opts.log?.push(`end:${name}:${params.value}`);
      if (opts.fail) throw new Error(opts.fail);
      return { content: [{ type: "text", text: `${name}(${params.value})` }], terminate: opts.terminate };
    },
  };
  return definePlugin({ name: `tool-${name}`, setup: (api) => api.register.tool(tool as ToolDef) });
}

export function lastAssistant(h: Harness) {
  return [...h.kernel.agent.messages].reverse().find((m) => m.role === "assistant") as
    | import("../../kernel/index.js").AssistantMessage
    | undefined;
}

/** Waits (polling) until `check` holds, or fails naming `what`. */
export async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The text of the last tool result in the agent's messages. */
export const lastResult = (h: Harness) =>
  ((h.kernel.agent.messages.filter((m) => m.role === "toolResult").at(-1) as ToolResultMessage).content[0] as { text: string }).text;
