// A value rebuilt from files (a skill index, a template list) that stays current while the agent
// runs. Two ways to stay current, chosen by the caller:
// - watch: chokidar watches the roots (directories, no globs); a relevant change marks the value
//   dirty and rebuilds it at once, so the next request finds it ready. Roots that do not exist
//   yet are noticed through their nearest existing parent (watched one level deep).
// - no watch: every get() rebuilds. Builds are cheap (stat, re-parse only changed files), so a
//   short run pays ~1 ms per request instead of the watcher's start-up.
import { existsSync, watch as watchDir, type FSWatcher as DirWatcher } from "node:fs";
import { dirname } from "node:path";
import type { FSWatcher } from "chokidar";

export interface LiveIndexOptions<T> {
  build(): Promise<T>;
  /** Directories whose contents feed the value; they may not exist (yet). */
  roots(): string[];
  watch: boolean;
  /** Which changed paths matter (default: all). Directory events always do. */
  relevant?(path: string): boolean;
  onError?(message: string): void;
  /**
   * Watch mode: a cheap check, on each get(), that the files changed since the last build (a
   * write made just before a request, which the watcher has not reported yet).
   */
  stale?(): boolean;
  /** Coalesces the events of one save (editors write in several steps). */
  debounceMs?: number;
}

/** Past chokidar's 50 ms change throttle. */
const TRAILING_MS = 70;
const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;

export class LiveIndex<T> {
  private value: T | undefined;
  private dirty = true;
  private flight: Promise<T> | undefined;
  private main: FSWatcher | undefined;
  /** Parents of missing roots. Not chokidar: its instances share OS watchers, and unwatching a
   *  directory in one index must not silence another index watching the same directory. */
  private readonly sentinels = new Map<string, DirWatcher>();
  private watching: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private trailer: NodeJS.Timeout | undefined;
  private closed = false;
  private present = new Set<string>();
  private parents = new Set<string>();

  constructor(private readonly opts: LiveIndexOptions<T>) {}

  /** The current value; waits for a rebuild in flight, so it never serves a known-stale one. */
  get(): Promise<T> {
    if (!this.opts.watch || (!this.dirty && this.value !== undefined && !this.flight && this.opts.stale?.())) this.dirty = true;
    if (!this.dirty && this.value !== undefined && !this.flight) return Promise.resolve(this.value);
    const flight = (this.flight ??= this.rebuild().finally(() => {
      this.flight = undefined;
    }));
    // The watchers start after the first build, which is what tells where to look.
    if (this.opts.watch)
      this.watching ??= flight.then(
        () => this.startWatching(),
        () => this.startWatching(),
      );
    return flight;
  }

  /** Long-lived modes build the index (and start watching) while the user is still typing. */
  warmSoon(): void {
    // Not after close(): the owner (a plugin's generation) may be gone, and its callbacks with it.
    if (this.opts.watch)
      setTimeout(() => {
        if (!this.closed)
          void Promise.resolve()
            .then(() => this.get())
            .catch(() => undefined);
      }, 0).unref?.();
  }

  /** Resolves once the watchers are ready (for tests and benchmarks). */
  async ready(): Promise<void> {
    await this.get();
    await this.watching;
  }

  invalidate(): void {
    this.dirty = true;
    if (this.opts.watch && !this.closed) void this.get();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.trailer);
    for (const w of this.sentinels.values()) w.close();
    this.sentinels.clear();
    await this.main?.close();
  }

  private async rebuild(): Promise<T> {
    while (this.dirty || this.value === undefined) {
      this.dirty = false;
      this.value = await this.opts.build();
    }
    return this.value;
  }

  private async startWatching(): Promise<void> {
    const { watch } = await import("chokidar");
    if (this.closed) return;
    const options = { ignoreInitial: true, ignored: (p: string) => IGNORED.test(p) };
    // The first paths go to the constructor: "ready" then means they are really being watched
    // (paths added later are scanned after "ready", and a write in between would be missed).
    this.syncRoots();
    this.main = watch([...this.present], options);
    this.main.on("all", (event, path) => this.onEvent(event, path));
    this.main.on("error", (error) => this.opts.onError?.(`file watcher: ${(error as Error).message ?? String(error)}`));
    this.syncSentinels();
    await new Promise<void>((r) => this.main!.once("ready", () => r()));
    // Anything written while the watchers were starting is picked up by one more build.
    this.invalidate();
  }

  private onEvent(event: string, path: string): void {
    const isDir = event === "addDir" || event === "unlinkDir";
    if (isDir && this.syncRoots()) return this.schedule();
    if (isDir || !this.opts.relevant || this.opts.relevant(path)) this.schedule();
  }

  // chokidar drops a second "change" of the same file within 50 ms (it throttles, with no
  // trailing event), so a quick second save would be lost: one more (cheap, stat-based) rebuild
  // after that window catches it.
  private schedule(): void {
    clearTimeout(this.timer);
    clearTimeout(this.trailer);
    this.timer = setTimeout(() => this.invalidate(), this.opts.debounceMs ?? 20);
    this.trailer = setTimeout(() => this.invalidate(), TRAILING_MS);
  }

  /** Watches the roots that exist and the nearest parents of those that do not; true if that changed. */
  private syncRoots(): boolean {
    const roots = [...new Set(this.opts.roots())];
    const present = new Set(roots.filter((r) => existsSync(r)));
    const parents = new Set(
      roots
        .filter((r) => !present.has(r))
        .map(nearestExisting)
        .filter((p): p is string => !!p),
    );
    const changed = diff(this.present, present, this.main) + diff(this.parents, parents, undefined) > 0;
    this.present = present;
    this.parents = parents;
    if (this.main) this.syncSentinels();
    return changed;
  }

  private syncSentinels(): void {
    for (const [dir, w] of this.sentinels) {
      if (!this.parents.has(dir)) {
        w.close();
        this.sentinels.delete(dir);
      }
    }
    for (const dir of this.parents) {
      if (this.sentinels.has(dir) || this.closed) continue;
      try {
        const w = watchDir(dir, { persistent: false }, () => {
          if (this.syncRoots()) this.schedule();
        });
        w.on("error", () => undefined); // the directory went away: the next sync replaces it
        this.sentinels.set(dir, w);
      } catch (error) {
        this.opts.onError?.(`cannot watch ${dir}: ${(error as Error).message}`);
      }
    }
  }
}

function diff(before: Set<string>, after: Set<string>, w: FSWatcher | undefined): number {
  const added = [...after].filter((p) => !before.has(p));
  const removed = [...before].filter((p) => !after.has(p));
  if (added.length) w?.add(added);
  if (removed.length) w?.unwatch(removed);
  return added.length + removed.length;
}

function nearestExisting(path: string): string | undefined {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
