// pi-kernel's SDK: create and drive an agent session in-process.
//
//   import { createAgentSession } from "pi-kernel/sdk";
//   const session = await createAgentSession({ cwd: process.cwd(), model: "anthropic/claude-sonnet-4-5" });
//   session.subscribe((e) => { ... });
//   await session.prompt("Fix the failing test");
//   await session.dispose();
import { resolve } from "node:path";
import { composeAgent, type ToolSelection } from "../compose/agent.js";
import {
  definePlugin,
  type AgentEvent,
  type Diagnostic,
  type Model,
  type PluginApi,
  type PluginDef,
  type ThinkingLevel,
  type ToolDef,
} from "../kernel/index.js";
import { AgentSession, type Listener } from "./session.js";

export { AgentSession } from "./session.js";
export type { Listener } from "./session.js";

export interface CreateSessionOptions {
  cwd?: string;
  /** Default: PI_CODING_AGENT_DIR or ~/.pi/agent. */
  agentDir?: string;
  /** A Model, or a pattern as for --model ("provider/id[:thinking]"). */
  model?: Model | string;
  thinkingLevel?: ThinkingLevel;
  /** Allowlist of tool names (like --tools). */
  tools?: string[];
  /** "all": no tools; "builtin": only custom and extension tools. */
  noTools?: "all" | "builtin";
  /** Tools defined by the caller, registered as an in-process plugin. */
  customTools?: ToolDef[];
  /** Further in-process plugins. */
  plugins?: PluginDef[];
  /** Overrides on top of settings.json. */
  settings?: Record<string, unknown>;
  /** Keep the session in memory only (like --no-session). */
  noSession?: boolean;
  /** Open or create this session file (like --session). */
  sessionFile?: string;
  /** A pi-packages.json composing the agent (default: a trusted project's .pi/pi-packages.json, else the built-in one). */
  packagesFile?: string;
  /**
   * Trust the project directory (like --trust; remembered in the agent dir). Until it is trusted,
   * its .pi/extensions, .pi/settings.json packages and baseUrl overrides do not load, as in the CLI.
   */
  trust?: boolean;
  /** Extension files or dirs, like -e (npm:/git: sources are installed for this run only). */
  extensionPaths?: string[];
  noExtensions?: boolean;
  /** Hot-reload plugins when their files change. Default false. */
  watch?: boolean;
  /** Where diagnostics go (default: stderr for warnings and errors). */
  onDiagnostic?(d: Diagnostic): void;
}

export async function createAgentSession(o: CreateSessionOptions = {}): Promise<AgentSession> {
  const report =
    o.onDiagnostic ??
    ((d: Diagnostic) => {
      if (d.level !== "info") process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
    });
  const listeners = new Set<Listener>();
  let sdkApi: PluginApi | undefined;
  const bridge = definePlugin({
    name: "sdk",
    setup(api) {
      sdkApi = api;
      api.on("event", (event: AgentEvent) => {
        for (const l of [...listeners]) l(event);
      });
      api.on("diagnostic", report);
      for (const tool of o.customTools ?? []) api.register.tool(tool);
    },
  });
  const agent = await composeAgent({
    cwd: resolve(o.cwd ?? process.cwd()),
    agentDir: o.agentDir,
    flags: flagsOf(o),
    settings: o.settings,
    extensions: o.extensionPaths,
    noExtensions: o.noExtensions,
    plugins: [bridge, ...(o.plugins ?? [])],
    watch: o.watch ?? false,
    tools: toolSelection(o),
    report,
  });
  const { kernel } = agent;
  await agent.start();
  if (o.model && typeof o.model !== "string") kernel.actions.setModel(o.model);
  if (o.thinkingLevel) kernel.actions.setThinkingLevel(o.thinkingLevel);
  return new AgentSession(kernel, () => sdkApi!.current(), listeners);
}

/** The options the CLI takes as flags, as the flags plugins read. */
function flagsOf(o: CreateSessionOptions): Record<string, unknown> {
  return {
    mode: "sdk",
    ...(typeof o.model === "string" && { model: o.model }),
    ...(o.thinkingLevel && { thinking: o.thinkingLevel }),
    ...(o.noSession && { session: false }),
    ...(o.sessionFile && { session: o.sessionFile }),
    ...(o.packagesFile && { packages: o.packagesFile }),
    ...(o.trust && { trust: true }),
  };
}

/** `tools`, `noTools`; the caller's own tools stay under noTools: "builtin". */
function toolSelection(o: CreateSessionOptions): ToolSelection {
  return {
    none: o.noTools === "all",
    only: o.tools,
    noBuiltin: o.noTools === "builtin",
    keep: (o.customTools ?? []).map((t) => t.name),
  };
}
