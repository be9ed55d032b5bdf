// The composition root: the one place an agent is assembled, for the `pi` command and the SDK
// alike. From the options it works out the agent dir and the package root, the pi-packages.json
// in use with the installed packages and the project's trust, settings.json (global + project,
// trust-filtered, plus the caller's overrides), the shared modules and import aliases, the run's
// `-e` extensions (temp installs for npm:/git: sources) and watching; `start()` then starts the
// kernel, guards the process against its plugins' stray errors, and applies the tool selection. Callers only map their flags or options onto this.
import { join } from "node:path";
import { createKernel, type Diagnostic, type Kernel, type PluginDef, type PluginSource } from "../kernel/index.js";
import { agentDirOf } from "./agent-dir.js";
import { agentFactoryPlugin } from "./agent-factory.js";
import { agentPackages } from "./agent-packages.js";
import { compiledModule } from "./compiled-modules.js";
import { compositionNames } from "./composition-names.js";
import { containExit } from "./containment.js";
import { guardProcess } from "./crash-guard.js";
import { ComposeCode } from "./diagnostics.js";
import { fileMutationsPlugin } from "./file-mutations.js";
import { packageResourcesPlugin } from "./package-resources.js";
import type { FileMutationsService } from "../contracts/file-mutations.js";
import { createFileMutationQueue } from "../lib/mutation-kit/index.js";
import { plainlyValid } from "../lib/schema-kit/index.js";
import { runExtensions } from "./extensions.js";
import { withDiscovery } from "./discover.js";
import { isInside } from "./builtin-plugins.js";
import { WrittenCodeGuard } from "./written-code.js";
import { packageRoot } from "./package-root.js";
import { declaredSettings } from "./declarations.js";
import { loadSettings } from "./settings.js";
import { settingsProblems } from "./settings-check.js";
import { sharedModules, toolkitAliases } from "./shared-modules.js";
import { selectTools, type ToolSelection } from "./tools.js";
import { optimizerReleasePlugin } from "./optimizer-release.js";
import { watchPlugins } from "./watch.js";

export { ExtensionInstallError } from "./extensions.js";
export type { ToolSelection } from "./tools.js";

export interface ComposeOptions {
  cwd: string;
  /** Default: PI_CODING_AGENT_DIR, else ~/.pi/agent. */
  agentDir?: string;
  /**
   * The kernel's flags, as given (never changed here: the packages' resources reach plugins through
   * the "package-resources" service). Read here: `packages` (a pi-packages.json), `trust` (trust
   * the project, remembered).
   */
  flags: Readonly<Record<string, unknown>>;
  /** Overrides on top of settings.json. */
  settings?: Record<string, unknown>;
  /** `-e` values: paths, or npm:/git:/URL sources installed for this run only. */
  extensions?: string[];
  /** Skip extension discovery; `extensions` still load. */
  noExtensions?: boolean;
  /** In-process plugins, loaded after the discovered ones. */
  plugins?: PluginDef[];
  /** Import aliases besides those the packages declare. */
  aliases?: Record<string, string>;
  /** Reload plugins when their files (or the pi-packages.json in use) change. */
  watch?: boolean;
  tools?: ToolSelection;
  /** Refuse process.exit() from users' plugins (compose/containment.ts); the CLI sets it. */
  containExit?: boolean;
  /** The process's per-file mutation queue (compose/file-mutations.ts); a child gets its parent's. Default: a new one. */
  fileMutations?: FileMutationsService;
  /** Where diagnostics go while no plugin listens (composition problems included). */
  report(d: Diagnostic): void;
}

export interface ComposedAgent {
  kernel: Kernel;
  /** Starts the kernel (plugins load, `boot` runs), then applies the tool selection. */
  start(): Promise<void>;
  /** Removes the run's temp extension installs (also done when the process exits). */
  cleanup(): void;
}

/**
 * Assembles the agent; the kernel is created, not started. Throws ExtensionInstallError when an
 * `-e` source cannot be installed.
 */
export async function composeAgent(o: ComposeOptions): Promise<ComposedAgent> {
  const agentDir = agentDirOf(o.agentDir);
  const root = packageRoot();
  let kernel: Kernel | undefined;
  // `-e @pi-kernel/<name>` is the install's built-in plugin package.
  const names = compositionNames(root);
  const run = await runExtensions(
    (o.extensions ?? []).map((e) => names.package(e) ?? e),
    o.cwd,
  );
  const packages = agentPackages({
    cwd: o.cwd,
    agentDir,
    packageRoot: root,
    flags: o.flags,
    extensionPaths: run.paths,
    // Before the kernel exists only the untrusted-project warning is given.
    report: (level, message, code) =>
      kernel ? kernel.report({ level, message, where: "packages", code }) : o.report({ level, message, where: "packages", code }),
  });
  const loaded = loadSettings(agentDir, o.cwd, packages.projectTrusted());
  for (const message of loaded.problems) o.report({ level: "warning", where: "settings", code: ComposeCode.settingsFile, message });
  const settings = { ...loaded.settings, ...o.settings };
  const modules = await sharedModules();
  const discovery = withDiscovery({
    cwd: o.cwd,
    agentDir,
    packageRoot: root,
    packageSources: packages.packageSources,
    projectTrusted: packages.projectTrusted,
    autoEnabled: packages.autoEnabled,
    extensionPaths: run.paths,
    noExtensions: o.noExtensions,
    mode: typeof o.flags.mode === "string" ? o.flags.mode : undefined,
    // Long-lived modes pick up edits of the pi-packages.json composing them (and of those it extends) too.
    watchPaths: packages.compositionFiles,
    // A -e file deleted mid-session leaves at the next reload; the others reload as usual.
    missing: (path) => {
      if (loads === 0) throw new Error(`Extension not found: ${path}`);
      const message = `Extension not found: ${path} (given with -e): no longer loaded`;
      kernel?.report({ level: "error", plugin: path, where: path, code: ComposeCode.extensionMissing, message });
    },
  });
  let discovered: PluginSource[] = [];
  const fileMutations = o.fileMutations ?? createFileMutationQueue();
  // Code the agent's own tools wrote waits for the person's /reload (compose/written-code.ts).
  const builtin = (file: string) => ["plugins", "dist"].some((dir) => isInside(join(root, dir), file));
  const written = new WrittenCodeGuard(o.cwd, builtin);
  let loads = 0;
  kernel = createKernel({
    cwd: o.cwd,
    agentDir,
    settings,
    flags: o.flags,
    modules,
    aliases: { ...toolkitAliases(root), ...o.aliases },
    ...discovery,
    discover: async (changed) => (discovered = written.filter(await discovery.discover(changed), loads++ === 0)),
    plugins: [
      optimizerReleasePlugin(),
      fileMutationsPlugin(fileMutations),
      packageResourcesPlugin(packages.resources),
      ...(o.plugins ?? []),
      written.plugin((message) => kernel?.report({ level: "warning", message, where: "extensions", code: ComposeCode.extensionHeld })),
      // Child agents (the subagents plugin) are composed like this one: same packages, -e paths installed once.
      agentFactoryPlugin({
        options: { ...o, agentDir, extensions: run.paths, fileMutations },
        kernel: () => started,
        compose: composeAgent,
      }),
    ],
    watch: o.watch ? watchPlugins : undefined,
    fallbackReport: o.report,
    plainArgs: plainlyValid,
    compiledModule: (file) => compiledModule(file, root),
  });
  const started: Kernel = kernel;
  // Plugins reach reload through these same actions (/reload, a trust answer, an install): the person's word.
  const reload = started.actions.reload;
  started.actions.reload = () => {
    written.release();
    return reload();
  };
  // A plugin's stray error becomes its diagnostic while this agent runs (compose/crash-guard.ts).
  const stop = started.stop;
  let unguard = () => {};
  started.stop = (reason) => stop(reason).finally(unguard);
  return {
    kernel: started,
    async start() {
      if (o.containExit) containExit(started, () => discovered);
      unguard = guardProcess(started, () => discovered);
      await started.start();
      // Each file against the settings schemas the plugins declare (a wrong type, named with its key).
      // A child agent reads the same files: its parent has said it.
      if (o.flags.mode !== "subagent") for (const d of settingsProblems(loaded.files, declaredSettings(started))) started.report(d);
      selectTools(started, o.tools ?? {});
    },
    cleanup: run.cleanup,
  };
}
