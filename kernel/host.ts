// The plugin host: loads plugins into generations, swaps a finished generation in with one
// assignment when no turn is running, and reloads single-flight when plugin files change.
import type { KernelContext } from "./api.js";
import type { PluginDef } from "./define.js";
import { buildGeneration, Generation, loadTimeoutMs, type LoadedPlugin, type PluginSource } from "./generation.js";
import { DiagnosticCode, errorText, withTimeout } from "./errors.js";
import { PluginLoader } from "./loader.js";
import type { Diagnostic } from "./types.js";
import { watchFiles, type Watcher } from "./watcher.js";

/** A `dirty` entry that marks every non-built-in plugin for re-import (an explicit reload). */
const EVERY_USER_PLUGIN = "\0every user plugin";

export interface HostOptions {
  /** Lists plugin entry files, in load order (re-run on every reload). */
  discover(): Promise<PluginSource[]>;
  /** Plugins handed over in-process (SDK, tests); loaded after discovered ones. */
  inline?: PluginDef[];
  watch?: boolean;
  /** Directories watched for plugins that appear (user and project extension dirs). */
  watchDirs?: string[];
  /** Where diagnostics go when no plugin listens to the diagnostic hook. */
  fallbackReport?(d: Diagnostic): void;
  /** Module instances every plugin gets by name ("pi-kernel" itself, TypeBox, toolkits). */
  modules?: Record<string, unknown>;
  /** Import aliases (module name -> file) for every plugin, besides those packages declare. */
  aliases?: Record<string, string>;
  /** A compiled built-in's module loaded the composition root's way (the CLI's start-up image); undefined: import the file. */
  compiledModule?(file: string): unknown;
}

const MAX_DIAGNOSTICS = 500;

export class Host {
  current: Generation = new Generation(0, (d) => this.report(d));
  /** The plugins of the latest load, set up or being set up (the composition root attributes errors with it). */
  imported: LoadedPlugin[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private busy = 0;
  private pendingSwap: { gen: Generation; swapped(old: Generation): void } | undefined;
  private buffered: Diagnostic[] | undefined;
  private readonly lastGood = new Map<string, LoadedPlugin>();
  private readonly dirty = new Set<string>();
  private requested = 0;
  private flight: Promise<void> | undefined;
  private watcher: Watcher | undefined;
  private k!: KernelContext;
  private readonly loader: PluginLoader;
  /** Each plugin's `api.keep` state, carried from generation to generation. */
  private readonly kept = new Map<string, Map<string, unknown>>();

  constructor(private readonly opts: HostOptions) {
    this.loader = new PluginLoader(opts.modules, opts.aliases, opts.compiledModule);
  }

  /** The kept state of one plugin (created on first use). */
  keptState(plugin: string): Map<string, unknown> {
    return this.kept.get(plugin) ?? this.kept.set(plugin, new Map()).get(plugin)!;
  }

  async start(k: KernelContext): Promise<void> {
    this.k = k;
    await this.load("startup");
    if (this.opts.watch) this.watcher = await watchFiles(this.watchRoots(), (paths) => void this.reload(paths), (d) => this.report(d));
  }

  async stop(reason = "quit"): Promise<void> {
    await this.watcher?.close();
    await this.flight?.catch(() => undefined);
    await this.current.retire(reason);
  }

  /** Pins the current generation for one turn; a swap waits until no turn holds one. */
  enterTurn(): Generation {
    this.swapIfIdle();
    this.busy++;
    return this.current;
  }

  leaveTurn(): void {
    this.busy--;
    this.swapIfIdle();
  }

  /**
   * Requests a reload; files in `changed` are re-imported, or, when none are named (`/reload`),
   * every plugin that is not a compiled built-in. Resolves when it has taken effect.
   */
  reload(changed: string[] = []): Promise<void> {
    for (const file of changed.length ? changed : [EVERY_USER_PLUGIN]) this.dirty.add(file);
    this.requested++;
    this.flight ??= this.drain().finally(() => { this.flight = undefined; });
    return this.flight;
  }

  report(d: Diagnostic): void {
    this.diagnostics.push(d);
    if (this.diagnostics.length > MAX_DIAGNOSTICS) this.diagnostics.shift();
    if (this.buffered) this.buffered.push(d);
    else this.deliver(d);
  }

  // A newer request that arrives while a reload runs is served by one more pass, never in parallel.
  private async drain(): Promise<void> {
    let served = 0;
    while (served < this.requested) {
      served = this.requested;
      try {
        await this.load("reload", () => this.requested > served);
      } catch (error) {
        this.report({ level: "error", code: DiagnosticCode.reload, where: "reload", message: `reload failed: ${errorText(error)}`, error });
      }
    }
  }

  private async load(reason: "startup" | "reload", overtaken = () => false): Promise<void> {
    this.buffered = [];
    let gen: Generation | undefined;
    try {
      const plugins = (this.imported = await this.importAll());
      ({ gen } = await buildGeneration(this.current.id + 1, plugins, this.k, (d) => this.report(d)));
    } finally {
      if (!gen || overtaken()) this.flush();
    }
    if (overtaken()) return void (await gen.retire("superseded"));
    const old = await new Promise<Generation>((swapped) => {
      this.pendingSwap = { gen: gen!, swapped };
      this.swapIfIdle();
    });
    this.flush();
    for (const p of gen.plugins.values()) this.lastGood.set(p.source.file, p);
    // A plugin that left the agent takes its kept state with it.
    for (const name of this.kept.keys()) if (!gen.plugins.has(name)) this.kept.delete(name);
    await gen.hooks.boot.promise({ reason, generation: gen.id });
    if (this.watcher) this.watcher.update(this.watchRoots());
    await old.retire(reason);
  }

  private swapIfIdle(): void {
    if (!this.pendingSwap || this.busy > 0) return;
    const { gen, swapped } = this.pendingSwap;
    this.pendingSwap = undefined;
    const old = this.current;
    this.current = gen;
    swapped(old);
  }

  /** Diagnostics raised while a generation was built reach that generation's listeners. */
  private flush(): void {
    const pending = this.buffered ?? [];
    this.buffered = undefined;
    for (const d of pending) this.deliver(d);
  }

  private deliver(d: Diagnostic): void {
    if (this.current.hooks.diagnostic.taps.length > 0) this.current.hooks.diagnostic.call(d);
    else this.opts.fallbackReport?.(d);
  }

  /** Re-imports changed or new files; an import failure keeps the last good version. */
  private async importAll(): Promise<LoadedPlugin[]> {
    const sources = await this.opts.discover();
    this.loader.useAliases(sources);
    const out: LoadedPlugin[] = [];
    const start = (s: PluginSource) => this.loader.import(s, this.lastGood.has(s.file));
    // Native imports (built-ins) all start at once so their file reads overlap (~25 ms at start-up); jiti's go one by one.
    const early = new Map(sources.filter((s) => s.compiled && !this.lastGood.has(s.file)).map((s) => [s, start(s)]));
    for (const p of early.values()) p.catch(() => {}); // awaited in order below
    for (const source of sources) {
      const previous = this.lastGood.get(source.file);
      const changed = this.isDirty(source);
      if (previous && !changed) {
        out.push(previous);
        continue;
      }
      try {
        const def = await withTimeout(early.get(source) ?? start(source), loadTimeoutMs(this.k.settings), "import timed out", true);
        out.push({ def, source, fallback: previous });
      } catch (error) {
        this.report({ level: "error", code: DiagnosticCode.pluginLoad, where: source.file,
          message: `failed to load ${source.file}: ${errorText(error)}`, error });
        if (previous) {
          this.report({ level: "warning", code: DiagnosticCode.keptLastGood, plugin: previous.def.name, where: source.file,
            message: `${previous.def.name}: keeping the last good version` });
          out.push(previous);
        }
      }
    }
    this.dirty.clear();
    for (const def of this.opts.inline ?? []) out.push({ def, source: { file: `inline:${def.name}`, root: "", origin: "inline" } });
    return out;
  }

  private isDirty(source: PluginSource): boolean {
    if (this.dirty.has(EVERY_USER_PLUGIN) && !source.compiled) return true;
    for (const file of this.dirty) {
      if (file === source.file || (source.root && (file + "/").startsWith(source.root + "/"))) return true;
    }
    return false;
  }

  private watchRoots(): string[] {
    const roots = new Set<string>(this.opts.watchDirs ?? []);
    // Compiled built-ins are the program itself (/reload skips them too): not watched.
    for (const { source: s } of [...this.current.plugins.values(), ...this.lastGood.values()]) if (s.root && !s.compiled) roots.add(s.root);
    return [...roots];
  }
}
