// pi-kernel's SDK: create and drive an agent session in-process.
//
//   import { createAgentSession } from "pi-kernel/sdk";
//   const session = await createAgentSession({ cwd: process.cwd(), model: "anthropic/claude-sonnet-4-5" });
//   session.subscribe((e) => { ... });
//   await session.prompt("Fix the failing test");
//   await session.dispose();
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { agentPackages } from "../cli/agent-packages.js";
import { packageRoot as findPackageRoot } from "../cli/package-root.js";
import { loadSettings } from "../cli/settings.js";
import { sharedModules } from "../compose/shared-modules.js";
import { createKernel, definePlugin, type AgentEvent, type Diagnostic, type Model, type PluginApi, type PluginDef, type ThinkingLevel, type ToolDef } from "../kernel/index.js";
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
  extensionPaths?: string[];
  noExtensions?: boolean;
  /** Hot-reload plugins when their files change. Default false. */
  watch?: boolean;
  /** Where diagnostics go (default: stderr for warnings and errors). */
  onDiagnostic?(d: Diagnostic): void;
}

const packageRoot = findPackageRoot();

export async function createAgentSession(o: CreateSessionOptions = {}): Promise<AgentSession> {
  const cwd = resolve(o.cwd ?? process.cwd());
  const agentDir = resolve(o.agentDir ?? process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
  const report = o.onDiagnostic ?? ((d: Diagnostic) => { if (d.level !== "info") process.stderr.write(`pi: ${d.level}: ${d.message}\n`); });
  const listeners = new Set<Listener>();
  let sdkApi: PluginApi | undefined;
  const bridge = definePlugin({
    name: "sdk",
    setup(api) {
      sdkApi = api;
      api.on("event", (event: AgentEvent) => { for (const l of [...listeners]) l(event); });
      api.on("diagnostic", report);
      for (const tool of o.customTools ?? []) api.register.tool(tool);
    },
  });
  const flags: Record<string, unknown> = {
    mode: "sdk",
    ...(typeof o.model === "string" && { model: o.model }),
    ...(o.thinkingLevel && { thinking: o.thinkingLevel }),
    ...(o.noSession && { session: false }),
    ...(o.sessionFile && { session: o.sessionFile }),
    ...(o.packagesFile && { packages: o.packagesFile }),
    ...(o.trust && { trust: true }),
  };
  // The CLI's composition: trust rules, settings `packages`, and the packages' resources.
  const packages = agentPackages({ cwd, agentDir, packageRoot, flags, report: (level, message) => report({ level, where: "packages", message }) });
  const loaded = loadSettings(agentDir, cwd, packages.projectTrusted());
  for (const message of loaded.problems) report({ level: "warning", where: "settings", message });
  const settings = { ...loaded.settings, ...o.settings };
  packages.useSettings(settings);
  const kernel = createKernel({
    modules: await sharedModules(),
    cwd, agentDir, flags,
    settings,
    packageRoot,
    packagesFile: packages.packagesFile,
    packageSources: packages.packageSources,
    projectTrusted: packages.projectTrusted,
    extensionPaths: o.extensionPaths,
    noExtensions: o.noExtensions,
    plugins: [bridge, ...(o.plugins ?? [])],
    watch: o.watch ?? false,
    fallbackReport: report,
  });
  await kernel.start();
  if (o.model && typeof o.model !== "string") kernel.actions.setModel(o.model);
  if (o.thinkingLevel) kernel.actions.setThinkingLevel(o.thinkingLevel);
  applyTools(kernel, o);
  return new AgentSession(kernel, () => sdkApi!.current(), listeners);
}

function applyTools(kernel: Awaited<ReturnType<typeof createKernel>>, o: CreateSessionOptions): void {
  if (o.noTools === "all") return kernel.actions.setActiveTools([]);
  if (o.tools) return kernel.actions.setActiveTools(o.tools);
  if (o.noTools === "builtin") {
    const gen = kernel.host.current;
    const custom = new Set((o.customTools ?? []).map((t) => t.name));
    kernel.actions.setActiveTools(kernel.agent.activeToolNames().filter((name) => {
      const owner = gen.registry.owner("tool", name);
      return custom.has(name) || (owner !== undefined && gen.plugins.get(owner)?.source.origin !== "package");
    }));
  }
}
