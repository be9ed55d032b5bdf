// The one file-watching facility. The plugin host (hot reload), the live indexes (skills, prompt
// templates, agents), MCP's config files and themes all watch through it, so they share one set
// of answers to the same four problems:
// - a save is several events (write, rename, chmod): they are debounced into one callback;
// - a save that leaves the content as it was is no change (a content hash per file);
// - chokidar drops a second change of one file within 50 ms (a throttle with no trailing event),
//   so the files of each callback are hashed again a little later and reported if they moved on;
// - a target (folder or file) that does not exist yet is waited for from its nearest existing
//   ancestor, one level deep, so `mkdir -p .pi/skills && write SKILL.md` mid-session is seen.
// Targets are folders (watched recursively, node_modules and .git skipped) or files (an editor
// that saves by renaming a new file over the old one is still seen).
import { existsSync, statSync, watch as watchDir, type FSWatcher as DirWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { FSWatcher } from "chokidar";

export interface WatchPathsOptions {
  /** Coalesces the events of one save (editors write in several steps). Default 100 ms. */
  debounceMs?: number;
  /** Which changed files matter (default: all). Folder events and targets appearing always do. */
  relevant?(path: string): boolean;
  onError?(message: string): void;
}

export interface PathWatcher {
  /** Watches exactly these targets (folders or files, existing or not) from now on. */
  update(targets: string[]): void;
  /** Resolves once the first targets are really being watched. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;
/** Past chokidar's 50 ms change throttle. */
const TRAILING_MS = 70;
const FOLDER_EVENTS = new Set(["addDir", "unlinkDir"]);

export function watchPaths(targets: string[], onChange: (paths: string[]) => void, opts: WatchPathsOptions = {}): PathWatcher {
  return new Watch(targets, onChange, opts);
}

class Watch implements PathWatcher {
  readonly ready: Promise<void>;
  private targets: Set<string>;
  /** Targets being watched by chokidar (they existed when last looked at). */
  private present = new Set<string>();
  /** fs.watch on the nearest existing ancestor of each missing target. Not chokidar: its instances
   *  share OS watchers, and unwatching a folder in one place must not silence another watching it. */
  private readonly sentinels = new Map<string, DirWatcher>();
  private main: FSWatcher | undefined;
  private readonly hashes = new Map<string, string>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private trailer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    targets: string[],
    private readonly onChange: (paths: string[]) => void,
    private readonly opts: WatchPathsOptions,
  ) {
    this.targets = new Set(targets.map((t) => resolve(t)));
    this.ready = this.start().catch((error) => this.opts.onError?.(`file watcher: ${errorText(error)}`));
  }

  update(targets: string[]): void {
    this.targets = new Set(targets.map((t) => resolve(t)));
    if (this.main) this.sync();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.trailer);
    for (const w of this.sentinels.values()) w.close();
    this.sentinels.clear();
    await this.ready;
    await this.main?.close();
  }

  private async start(): Promise<void> {
    // A file written between this call and chokidar's "ready" (loading chokidar takes a while) is
    // caught by comparing each file target's stat from now with the one after.
    const before = new Map([...this.targets].map((t) => [t, signature(t)]));
    const { watch } = await import("chokidar");
    if (this.closed) return;
    // The first targets go to the constructor: "ready" then means they are really watched
    // (paths added later are scanned after "ready", and a write in between would be missed).
    this.present = new Set([...this.targets].filter((t) => existsSync(t)));
    this.main = watch([...this.present], { ignoreInitial: true, ignored: (p: string) => IGNORED.test(p) });
    this.main.on("all", (event, path) => this.onEvent(event, path));
    this.main.on("error", (error) => this.opts.onError?.(`file watcher: ${errorText(error)}`));
    this.sync();
    // chokidar says "ready" only after a scan of something: with nothing present there is nothing to wait for.
    if (this.present.size > 0) await new Promise<void>((r) => this.main!.once("ready", () => r()));
    for (const [t, sig] of before) if (sig !== undefined && signature(t) !== sig) this.note(t);
  }

  private onEvent(event: string, path: string): void {
    const folder = FOLDER_EVENTS.has(event);
    // A target that went away is waited for again from its parent.
    if ((event === "unlink" || event === "unlinkDir") && this.targets.has(resolve(path))) this.sync();
    if (folder || !this.opts.relevant || this.opts.relevant(path)) this.note(path);
  }

  private note(path: string): void {
    this.pending.add(path);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs ?? 100);
  }

  private async flush(): Promise<void> {
    const paths = [...this.pending];
    this.pending = new Set();
    const changed: string[] = [];
    for (const path of paths) if (await this.contentMoved(path)) changed.push(path);
    if (this.closed || changed.length === 0) return;
    this.report(changed);
    clearTimeout(this.trailer);
    this.trailer = setTimeout(() => void this.recheck(changed), TRAILING_MS);
  }

  /** The files of the last callback, hashed again after chokidar's throttle window. */
  private async recheck(paths: string[]): Promise<void> {
    const moved: string[] = [];
    for (const path of paths) if (this.hashes.has(path) && (await this.contentMoved(path))) moved.push(path);
    if (!this.closed && moved.length > 0) this.report(moved);
  }

  private report(paths: string[]): void {
    try {
      this.onChange(paths);
    } catch (error) {
      this.opts.onError?.(`file watcher callback: ${errorText(error)}`);
    }
  }

  /** Whether a file's content differs from the last time it was reported (a folder or a deleted file always does). */
  private async contentMoved(path: string): Promise<boolean> {
    let hash: string;
    try {
      // Loaded here: node:crypto is ~2 ms of a start-up, and print runs watch nothing.
      hash = process
        .getBuiltinModule("node:crypto")
        .createHash("sha1")
        .update(await readFile(path))
        .digest("hex");
    } catch {
      this.hashes.delete(path);
      return true;
    }
    if (this.hashes.get(path) === hash) return false;
    this.hashes.set(path, hash);
    return true;
  }

  /** Watches the targets that exist and the nearest ancestors of those that do not; reports targets that appeared. */
  private sync(): void {
    if (this.closed || !this.main) return;
    const present = new Set([...this.targets].filter((t) => existsSync(t)));
    const added = [...present].filter((t) => !this.present.has(t));
    const removed = [...this.present].filter((t) => !present.has(t));
    if (added.length) this.main.add(added);
    if (removed.length) this.main.unwatch(removed);
    this.present = present;
    // A target that appeared while nobody watched it (made by `mkdir -p` before the watch began) is a change.
    for (const t of added) this.note(t);
    this.syncSentinels();
  }

  private syncSentinels(): void {
    const wanted = new Set(
      [...this.targets]
        .filter((t) => !this.present.has(t))
        .map(nearestExisting)
        .filter((d): d is string => d !== undefined),
    );
    for (const [dir, w] of this.sentinels) {
      if (wanted.has(dir)) continue;
      w.close();
      this.sentinels.delete(dir);
    }
    for (const dir of wanted) {
      if (this.sentinels.has(dir)) continue;
      try {
        const w = watchDir(dir, { persistent: false }, () => this.sync());
        w.on("error", () => undefined); // the folder went away: the next sync replaces it
        this.sentinels.set(dir, w);
      } catch (error) {
        this.opts.onError?.(`cannot watch ${dir}: ${errorText(error)}`);
      }
    }
  }
}

/** A file's identity and version (undefined for a folder or nothing). */
function signature(path: string): string | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? `${st.ino}:${st.size}:${st.mtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

function nearestExisting(path: string): string | undefined {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
