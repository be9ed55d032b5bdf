// The plugin host: keeps the plugin store, and reloads single-flight when plugin files change.
// A reload re-imports what changed and re-runs setup only for those plugins and the ones that
// (transitively) require what they provide; `/reload` and an edit of the composition redo all.
// It commits when no turn is running: one new snapshot, then the replaced versions are disposed.
import { type ApiHost, createApi, type KernelContext } from "./api.js";
import type { KernelOptions, Watcher } from "./kernel.js";
import { DiagnosticCode, errorText, withTimeout } from "./errors.js";
import { PluginLoader } from "./loader.js";
import { Registry } from "./registry.js";
import { SchemaValidator } from "./schema.js";
import {
  affected, type Entry, type LoadedPlugin, newRecords, order, type PluginSource, retire, Snapshot, type Version,
} from "./store.js";
import type { Diagnostic } from "./types.js";

/** A `dirty` entry that marks every non-built-in plugin for re-import and every plugin for setup (an explicit reload). */
const EVERYTHING = "\0everything";
/** The kernel's options; the host reads the plugin ones (`plugins`: in-process plugins, loaded after discovered ones). */
type HostOptions = Pick<KernelOptions, "discover" | "plugins" | "watch" | "watchDirs" | "fallbackReport" | "modules" | "aliases"
  | "compiledModule" | "plainArgs" | "partOf" | "composes">;

/** Import and setup limit of one plugin; settings.json `pluginLoadTimeoutMs` changes it. */
const loadTimeoutMs = (settings: Record<string, unknown>) => Number(settings.pluginLoadTimeoutMs) || 30_000;
const MAX_DIAGNOSTICS = 500;

export class Host implements ApiHost {
  /** The plugins of the latest load, set up or being set up (the composition root attributes errors with it). */
  imported: LoadedPlugin[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly validator: SchemaValidator;
  private snap: Snapshot;
  private ids = 0;
  private stale = false;
  private readonly entries = new Map<string, Entry>();
  /** The plugin order of the reload running now (what `staged` looks through). */
  private pass: string[] = [];
  private busy = 0;
  private pendingCommit: (() => void) | undefined;
  private buffered: Diagnostic[] | undefined;
  private readonly lastGood = new Map<string, LoadedPlugin>();
  private readonly dirty = new Map<string, number>(); // changed file -> the request that named it last
  private requested = 0;
  private flight: Promise<void> | undefined;
  private watcher: Watcher | undefined;
  private k!: KernelContext;
  private readonly loader: PluginLoader;

  constructor(private readonly opts: HostOptions) {
    this.loader = new PluginLoader(opts.modules, opts.aliases, opts.compiledModule);
    this.validator = new SchemaValidator(opts.plainArgs);
    this.snap = new Snapshot(0, this.validator);
  }

  /** The snapshot of every live plugin's records, rebuilt on first use after a change (~0.1 ms for the built-ins). */
  get current(): Snapshot {
    if (!this.stale) return this.snap;
    this.stale = false;
    return (this.snap = new Snapshot(++this.ids, this.validator, [...this.entries.values()].filter((e) => e.live), this.report));
  }

  changed(): void { this.stale = true; }

  staged(service: string): { impl: unknown } | undefined {
    const items = this.passVersions().flatMap((v) => [...v.items]);
    return items.filter((i) => "service" in i && i.service === service).at(-1) as { impl: unknown } | undefined;
  }

  stagedRegistry(): Registry {
    const registry = new Registry();
    for (const v of this.passVersions()) {
      for (const i of v.items) if ("kind" in i) registry.add(i.kind, v.plugin.def.name, i.def as never, () => {});
    }
    return registry;
  }

  /** The versions a plugin being set up sees: those of the plugins before it in this reload, staged, else live. */
  private passVersions(): Version[] {
    return this.pass.map((n) => this.entries.get(n)).flatMap((e) => (e?.staged ?? (e?.live ? e : undefined)) ?? []);
  }

  async start(k: KernelContext): Promise<void> {
    this.k = k;
    await this.load("startup");
    const onError = (message: string) => this.report({ level: "warning", code: DiagnosticCode.watch, where: "watcher", message });
    this.watcher = await this.opts.watch?.(this.watchRoots(), (paths) => void this.reload(paths), onError);
  }

  async stop(reason = "quit"): Promise<void> {
    await this.watcher?.close();
    await this.flight?.catch(() => undefined);
    const all = [...this.entries.values()];
    this.entries.clear();
    await retire(all, reason, this.validator, this.report);
    for (const e of all) e.left = true;
  }

  /** Pins the current snapshot for one turn; a reload commits when no turn holds one. */
  enterTurn(): Snapshot { return this.commitIfIdle(), this.busy++, this.current; }
  leaveTurn(): void { this.busy--, this.commitIfIdle(); }

  /**
   * Requests a reload of the plugins whose files are in `changed`; with none named (`/reload`), or a changed file no plugin
   * owns that `composes` (pi-packages.json), of everything; other files (an extension's log) reload nothing.
   */
  reload(changed: string[] = []): Promise<void> {
    const files = changed.filter((file) => this.sources().some((s) => this.owns(s, file)) || (this.opts.composes?.(file) ?? true));
    if (changed.length > 0 && files.length === 0) return this.flight ?? Promise.resolve();
    this.requested++;
    for (const file of files.length ? files : [EVERYTHING]) this.dirty.set(file, this.requested);
    this.flight ??= this.drain().finally(() => { this.flight = undefined; });
    return this.flight;
  }

  readonly report = (d: Diagnostic): void => {
    this.diagnostics.push(d);
    if (this.diagnostics.length > MAX_DIAGNOSTICS) this.diagnostics.shift();
    if (this.buffered) this.buffered.push(d);
    else this.deliver(d);
  };

  private deliver(d: Diagnostic): void {
    if (this.current.hooks.diagnostic.taps.length > 0) this.current.hooks.diagnostic.call(d);
    else this.opts.fallbackReport?.(d);
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
    const done: Entry[] = [];
    const drops: Entry[] = [];
    let retired: Version[] | undefined;
    let leaving: Entry[] = [];
    try {
      const { plugins, changed, full, taken } = await this.importAll();
      const ordered = order(plugins, this.report);
      this.pass = ordered.map((p) => p.def.name);
      leaving = [...this.entries.values()].filter((e) => !this.pass.includes(e.plugin.def.name));
      const provides = (name: string) => [this.entries.get(name)?.plugin, ordered.find((p) => p.def.name === name)]
        .flatMap((p) => p?.def.provides ?? []);
      const fresh = [...changed, ...leaving.map((e) => e.plugin.def.name), ...this.pass.filter((n) => !this.entries.get(n)?.live)];
      const redo = full ? new Set(this.pass) : affected(ordered, new Set(fresh), provides);
      for (const p of ordered) if (redo.has(p.def.name)) await this.setUp(p, done, drops);
      if (overtaken()) return;
      retired = await new Promise<Version[]>((resolve) => {
        this.pendingCommit = () => resolve(this.commit(done, [...leaving, ...drops]));
        this.commitIfIdle();
      });
      for (const [file, n] of taken) if (this.dirty.get(file) === n) this.dirty.delete(file); // a save since stays
      // Only for a live edit: a full reload (/reload) re-imports everything and says so itself.
      if (reason === "reload" && !full)
        for (const { plugin: { def: { name: plugin }, source } } of done.filter((e) => changed.includes(e.plugin.def.name)))
          this.report({ level: "info", code: DiagnosticCode.pluginReloaded, plugin, where: source.file, message: `${plugin}: reloaded` });
    } finally {
      this.pass = [];
      if (!retired) for (const e of [...done, ...drops]) await this.discard(e);
      void this.current; // what building it reports goes to the listeners it holds
      // Diagnostics raised during a reload reach the listeners it committed.
      const held = this.buffered ?? [];
      this.buffered = undefined;
      for (const d of held) this.deliver(d);
    }
    // Every plugin's boot taps run, as they did when a reload set everything up: a UI re-reads shortcuts and renderers.
    await this.current.hooks.boot.promise({ reason, generation: this.current.id });
    if (this.watcher) this.watcher.update(this.watchRoots());
    await retire(retired, reason, this.validator, this.report);
    for (const e of [...leaving, ...drops]) this.lost(e);
  }

  /** Sets one plugin up into staged records; a failure keeps the last good version, or drops what never worked. */
  private async setUp(plugin: LoadedPlugin, done: Entry[], drops: Entry[]): Promise<void> {
    const { def, source } = plugin;
    let entry = this.entries.get(def.name);
    if (!entry) {
      entry = { plugin, ...newRecords(), kept: new Map(), live: false, left: false } as Entry;
      entry.api = createApi(entry, this, this.k);
      this.entries.set(def.name, entry);
    }
    entry.staged = { plugin, ...newRecords() };
    const missing = (def.requires ?? []).filter((s) => !this.staged(s));
    let problem: { code: string; message: string };
    if (missing.length > 0) {
      problem = { code: DiagnosticCode.missingService,
        message: `${def.name}: not loaded, it requires service(s) ${missing.join(", ")} that no plugin provides` };
    } else {
      try {
        await withTimeout(Promise.resolve().then(() => def.setup(entry.api)), loadTimeoutMs(this.k.settings), "setup timed out", true);
        return void done.push(entry);
      } catch (error) {
        await this.discard(entry);
        problem = { code: DiagnosticCode.pluginSetup, message: `${def.name}: setup failed in ${source.file}: ${errorText(error)}` };
      }
    }
    this.report({ level: "error", code: problem.code, plugin: def.name, where: source.file, message: problem.message });
    if (entry.live && missing.length === 0) return this.keptLastGood(def.name, entry.plugin.source.file);
    // What it requires is gone, or it never worked: it leaves (its staged records stay empty, so no later setup sees it).
    entry.staged = { plugin, ...newRecords() };
    if (entry.live) drops.push(entry);
    else this.entries.delete(def.name), (entry.left = true);
  }

  private keptLastGood(plugin: string, where: string): void {
    const message = `${plugin}: keeping the last good version`;
    this.report({ level: "warning", code: DiagnosticCode.keptLastGood, plugin, where, message });
  }

  private async discard(entry: Entry): Promise<void> {
    // The setup failure is what gets reported, not what its disposers throw.
    for (const fn of (entry.staged?.disposers ?? []).reverse()) await Promise.resolve().then(fn).catch(() => {});
    entry.staged = undefined;
  }

  /** One synchronous step: staged records replace the live ones, leavers go, the next snapshot is due. */
  private commit(done: Entry[], leaving: Entry[]): Version[] {
    const retired: Version[] = [];
    for (const e of done) {
      const { plugin, items, disposers } = e.staged!;
      retired.push({ plugin: e.plugin, items: e.items, disposers: e.disposers });
      Object.assign(e, { plugin, items, disposers, staged: undefined, live: true });
      this.lastGood.set(plugin.source.file, plugin);
    }
    for (const e of leaving) {
      e.staged = undefined;
      this.entries.delete(e.plugin.def.name);
      retired.push(e);
    }
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const name of this.pass) for (const e of all) if (e.plugin.def.name === name) this.entries.set(name, e);
    this.changed();
    return retired;
  }

  /** A plugin that left the agent: its api goes stale; its file is forgotten unless it is still discovered. */
  private lost(e: Entry): void {
    e.left = true;
    for (const [file, p] of this.lastGood) if (p.def.name === e.plugin.def.name && !this.imported.includes(p)) this.lastGood.delete(file);
  }

  private commitIfIdle(): void {
    const commit = this.busy > 0 ? undefined : this.pendingCommit;
    if (commit) (this.pendingCommit = undefined), commit();
  }

  /** Re-imports changed or new files; an import failure keeps the last good version. */
  private async importAll(): Promise<{ plugins: LoadedPlugin[]; changed: string[]; full: boolean; taken: Map<string, number> }> {
    const taken = new Map(this.dirty), dirty = new Set(taken.keys());
    const sources = (await this.opts.discover?.(dirty.has(EVERYTHING) ? [] : [...dirty])) ?? [];
    this.loader.useAliases(sources);
    const out: LoadedPlugin[] = [];
    const changed: string[] = [];
    const start = (s: PluginSource) => this.loader.import(s, this.lastGood.has(s.file));
    // Native imports (built-ins) all start at once so their file reads overlap (~25 ms at start-up); jiti's go one by one.
    const early = new Map(sources.filter((s) => s.compiled && !this.lastGood.has(s.file)).map((s) => [s, start(s)]));
    for (const p of early.values()) p.catch(() => {}); // awaited in order below
    const owned = (file: string) => [...sources, ...this.sources()].some((s) => this.owns(s, file));
    const full = dirty.has(EVERYTHING) || [...dirty].some((file) => !owned(file));
    for (const source of sources) {
      const previous = this.lastGood.get(source.file);
      if (previous && !(full && !source.compiled) && ![...dirty].some((file) => this.owns(source, file))) {
        out.push(previous);
        continue;
      }
      try {
        const def = await withTimeout(early.get(source) ?? start(source), loadTimeoutMs(this.k.settings), "import timed out", true);
        out.push({ def, source });
        changed.push(def.name);
      } catch (error) {
        this.report({ level: "error", code: DiagnosticCode.pluginLoad, where: source.file,
          message: `failed to load ${source.file}: ${errorText(error)}`, error });
        if (previous) this.keptLastGood(previous.def.name, source.file), out.push(previous);
      }
    }
    for (const def of this.opts.plugins ?? []) out.push({ def, source: { file: `inline:${def.name}`, root: "", origin: "inline" } });
    this.imported = out;
    return { plugins: out, changed, full, taken };
  }
  private sources = (): PluginSource[] => [...this.imported, ...this.lastGood.values()].map((p) => p.source);
  private owns = (s: PluginSource, file: string): boolean =>
    this.opts.partOf?.(s, file) ?? (file === s.file || (s.root !== "" && (file + "/").startsWith(s.root + "/")));

  private watchRoots(): string[] {
    const roots = new Set<string>(this.opts.watchDirs ?? []);
    // Compiled built-ins are the program itself (/reload skips them too): not watched.
    for (const { source: s } of this.lastGood.values()) if (s.root && !s.compiled) roots.add(s.root);
    return [...roots];
  }
}
