// A value rebuilt from files (a skill index, a template list) that stays current while the agent
// runs. Two ways to stay current, chosen by the caller:
// - watch: the roots (directories, no globs) are watched through the one watching facility
//   (lib/watch-kit: debounce, content-hash skip, roots that do not exist yet); a
//   relevant change marks the value dirty and rebuilds it at once, so the next request finds it ready.
// - no watch: every get() rebuilds. Builds are cheap (stat, re-parse only changed files), so a
//   short run pays ~1 ms per request instead of the watcher's start-up.
import { type PathWatcher, watchPaths } from "../../watch-kit/index.js";

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

export class LiveIndex<T> {
  private value: T | undefined;
  private dirty = true;
  private flight: Promise<T> | undefined;
  private watcher: PathWatcher | undefined;
  private watching: Promise<void> | undefined;
  private closed = false;

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
    // Rebuilt at once only once built or warming: a root added during start-up (compat-claude's
    // ~/.claude/skills) must not pull the first build ahead of warmSoon() and the UI's first frame.
    if (this.opts.watch && !this.closed && (this.value !== undefined || this.flight || this.watching)) void this.get();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.watcher?.close();
  }

  private async rebuild(): Promise<T> {
    while (this.dirty || this.value === undefined) {
      this.dirty = false;
      this.value = await this.opts.build();
    }
    return this.value;
  }

  private async startWatching(): Promise<void> {
    if (this.closed) return;
    const changed = () => {
      // A folder that appeared or went may change where the value's files are (a skills folder made mid-session).
      this.watcher?.update(this.opts.roots());
      this.invalidate();
    };
    this.watcher = watchPaths(this.opts.roots(), changed, {
      debounceMs: this.opts.debounceMs ?? 20,
      relevant: this.opts.relevant,
      onError: this.opts.onError,
    });
    await this.watcher.ready;
    // Anything written while the watchers were starting is picked up by one more build.
    this.invalidate();
  }
}
