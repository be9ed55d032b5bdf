// The guard that keeps a reload from causing its own next reload. A plugin that writes one of
// its own files whenever it is set up (generated code, a rewritten entry) would otherwise reload
// forever: each reload writes, each write reloads. A person saving by hand, even with an editor's
// auto-save, changes a file a few times in ten seconds; a file that changes more often than that
// is left alone until it has been quiet for a while, and the person is told once (/reload still
// picks it up).
export interface StormLimits {
  /** More changes of one file than this within `windowMs` pause its automatic reload. */
  changes: number;
  windowMs: number;
  /** A paused file resumes after this long without a change. */
  quietMs: number;
}

export const STORM_LIMITS: StormLimits = { changes: 20, windowMs: 10_000, quietMs: 5_000 };

export class ReloadStormGuard {
  private readonly recent = new Map<string, number[]>();
  /** Paused files and the time of their latest change. */
  private readonly paused = new Map<string, number>();

  constructor(
    private readonly warn: (message: string) => void,
    private readonly limits: StormLimits = STORM_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The changed files that may reload (those not changing on every reload). */
  pass(paths: string[]): string[] {
    const now = this.now();
    return paths.filter((path) => this.allowed(path, now));
  }

  private allowed(path: string, now: number): boolean {
    const last = this.paused.get(path);
    if (last !== undefined) {
      this.paused.set(path, now);
      if (now - last < this.limits.quietMs) return false;
      this.paused.delete(path);
      this.recent.delete(path);
    }
    const times = (this.recent.get(path) ?? []).filter((t) => now - t < this.limits.windowMs);
    times.push(now);
    this.recent.set(path, times);
    if (times.length <= this.limits.changes) return true;
    this.paused.set(path, now);
    const seconds = Math.round(this.limits.windowMs / 1000);
    this.warn(
      `${path} changed ${times.length} times in ${seconds} s, as if each reload wrote it again: its automatic reload ` +
        `is paused until it stays unchanged for ${Math.round(this.limits.quietMs / 1000)} s (/reload picks it up now)`,
    );
    return false;
  }
}
