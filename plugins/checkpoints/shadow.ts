// The shadow repository: snapshots of the workspace as git trees in a repository outside the
// project (`<agentDir>/checkpoints/<hash of the workspace path>`), so every change is captured
// whoever made it (an edit, bash, a plugin, the user). `.gitignore` is respected, files over the
// size cap are left out, and a snapshot costs one `git status` when nothing changed (git's
// index remembers each file's stat data and which folders changed, so unchanged files are never
// read).
//
// A snapshot also remembers what it did NOT store but saw (ignored files and folders, files over
// the cap, nested repositories): "kept", a NUL-separated list in a blob named by the commit's
// message. A restore never deletes a path in that list, so a file that existed before the turn
// survives even when the turn changed `.gitignore` so that it looks created. Files are written
// back by restore-files.ts from the stored bytes, never by git's checkout. Every snapshot and
// restore holds the repository's lock file (lock.ts): sessions of one workspace take turns.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { appendFile, lstat, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { git, gitBytes, type GitTarget, nulJoin, nulList } from "./git.js";
import { withFileLock } from "./lock.js";
import { type RestoreEntry, restoreFiles } from "./restore-files.js";

export { shadowDir } from "./shadow-dir.js";

const REF = "refs/heads/checkpoints";
/** In the shadow dir: the last snapshot's commit, tree and kept list, so a new process needs no git to know them. */
const HEAD_FILE = "head";
/** The shadow repository's settings: files as they are, no gc (refs stay plain files), git's untracked cache. */
const CONFIG = "[core]\n\tautocrlf = false\n\tuntrackedCache = true\n[gc]\n\tauto = 0\n";
/**
 * Overrides every .gitattributes of the project (info/attributes comes first): no line-ending
 * conversion, no clean/smudge filter, no $Id$ expansion, no re-encoding. Bytes are stored as they are.
 */
const ATTRIBUTES = "* -text -eol -crlf -ident -filter -working-tree-encoding -diff -merge -export-subst\n";
/** A lock git left behind by a process that died mid-write; older than this it is ours to clear. */
const STALE_LOCK_MS = 30_000;

interface Head {
  commit: string;
  tree: string;
  /** The kept list's blob id ("" when nothing was kept). */
  kept: string;
}

export class ShadowRepo {
  readonly target: GitTarget;
  private ready: Promise<void> | undefined;
  private readonly lockFile: string;

  constructor(
    readonly dir: string,
    readonly workspace: string,
    private readonly maxFileSize: number,
    /** Restored files are written through the process's per-file queue, in turn with the tools. */
    private readonly mutations?: FileMutationsService,
  ) {
    this.target = { gitDir: join(dir, "git"), workTree: workspace };
    this.lockFile = join(dir, "lock");
  }

  /**
   * When the last snapshot of this object got the lock (ms): the files it stored are the
   * workspace at that time or later, and nobody restored or snapshotted in between.
   */
  lockedAt = 0;

  /** Snapshots the workspace; returns the commit (the previous one when nothing changed). */
  async snapshot(): Promise<string> {
    await (this.ready ??= this.init());
    return withFileLock(this.lockFile, () => {
      this.lockedAt = Date.now();
      return this.snapshotLocked();
    });
  }

  /** The paths that differ between two snapshots. */
  async changed(from: string, to: string): Promise<string[]> {
    if (from === to) return [];
    return nulList(await gitBytes(this.target, ["diff", "--name-only", "-z", "--no-renames", from, to])).map(String);
  }

  /**
   * Puts the workspace back as it was at `commit`: files changed since come back byte for byte,
   * files created since are removed, unless `commit` saw them untracked (kept) or they are over
   * the size cap now. Folders the restore empties go too when they were made after `since` (ms).
   * Returns the paths it touched. `current` must be a fresh snapshot.
   */
  async restore(commit: string, current: string, since = Number.POSITIVE_INFINITY): Promise<string[]> {
    await (this.ready ??= this.init());
    return withFileLock(this.lockFile, async () => {
      if (commit === current) return [];
      const raw = nulList(await gitBytes(this.target, ["diff", "--raw", "-z", "--no-renames", "--no-abbrev", current, commit]));
      const entries: RestoreEntry[] = [];
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const [, mode, , blob] = raw[i].toString("latin1").split(" ");
        const path = raw[i + 1];
        if (await this.tooLarge(path)) continue; // now over the cap: not tracked, left as it is
        entries.push({ path, mode, blob });
      }
      const kept = await this.keptOf(commit);
      const touched = await restoreFiles({ target: this.target, entries, kept, since, mutations: this.mutations });
      return touched.map(String);
    });
  }

  private async snapshotLocked(): Promise<string> {
    await this.clearStaleLock();
    // Another session may have moved the head since: the files are the truth, not this object.
    const head = this.savedHead() ?? (await this.askedHead());
    // `status` (not ls-files) so git also saves refreshed stat data and its untracked cache.
    const listed = nulList(
      await gitBytes(this.target, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored=matching", "--no-renames"]),
    );
    const kept: Buffer[] = [];
    let update: Buffer[] = [];
    const untrack: Buffer[] = [];
    const dirs = new Map<string, boolean>();
    for (const item of listed) {
      const xy = item.subarray(0, 2).toString("latin1");
      const path = item.subarray(3);
      // Ignored, or an embedded repository (a folder with its own .git): seen, not stored.
      if (xy === "!!" || path[path.length - 1] === 0x2f) kept.push(path);
      // Deleted, or now behind a symlink (a folder replaced by a link): update-index refuses to
      // look beyond a link, so such paths are taken out without looking.
      else if (xy[1] === "D" || (await this.beyondLink(path, dirs))) untrack.push(path);
      else if (await this.tooLarge(path)) {
        if (xy[0] !== "?") untrack.push(path);
        kept.push(path);
      } else update.push(path);
    }
    // Files tracked before a .gitignore now covers them stay tracked in git; here they are let go
    // (and kept: they exist), so the shadow repository follows the project's rules as they are now.
    if (update.some(isIgnoreFile) || untrack.some(isIgnoreFile)) {
      const ignored = nulList(await gitBytes(this.target, ["ls-files", "-z", "--cached", "--ignored", "--exclude-standard"]));
      const names = new Set(ignored.map((p) => p.toString("latin1")));
      untrack.push(...ignored);
      kept.push(...ignored);
      update = update.filter((p) => !names.has(p.toString("latin1")));
    }
    const keptList = kept.length ? nulJoin(kept.sort(Buffer.compare)) : undefined;
    const keptId = keptList ? blobId(keptList) : "";
    const changes = update.length + untrack.length;
    if (changes === 0 && head && head.kept === keptId) return head.commit;
    // update-index takes paths as they are (no pathspec matching, which is slow for thousands).
    if (untrack.length) await git(this.target, ["update-index", "-z", "--force-remove", "--stdin"], nulJoin(untrack));
    if (update.length) await git(this.target, ["update-index", "-z", "--add", "--remove", "--replace", "--stdin"], nulJoin(update));
    const tree = (await git(this.target, ["write-tree"])).trim();
    if (head && head.tree === tree && head.kept === keptId) return head.commit;
    if (keptList && keptId !== head?.kept) await git(this.target, ["hash-object", "-w", "--no-filters", "--stdin"], keptList);
    const parent = head ? ["-p", head.commit] : [];
    const message = ["-m", `checkpoint ${new Date().toISOString()}`, ...(keptId ? ["-m", `kept ${keptId}`] : [])];
    const commit = (await git(this.target, ["commit-tree", tree, ...parent, ...message])).trim();
    // The ref is a plain file (gc is off, so never packed): one write instead of a git process.
    await writeFile(join(this.target.gitDir, REF), `${commit}\n`);
    await writeFile(join(this.dir, HEAD_FILE), `${[commit, tree, keptId].filter(Boolean).join(" ")}\n`);
    return commit;
  }

  /** The paths `commit` saw but did not store, as latin1 strings (bytes kept one to one). */
  private async keptOf(commit: string): Promise<Set<string>> {
    const message = await git(this.target, ["cat-file", "commit", commit]);
    const id = /^kept ([0-9a-f]{40,64})$/m.exec(message)?.[1];
    if (!id) return new Set();
    return new Set(nulList(await gitBytes(this.target, ["cat-file", "blob", id])).map((p) => p.toString("latin1")));
  }

  private async init(): Promise<void> {
    // Every process after a workspace's first finds all of it in place: three reads instead of a
    // lock and a dozen thread-pool round trips ahead of the turn's `git status`. The attributes
    // are written last, so a repository another process is still making is not taken as ready.
    if (this.made()) return;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, "workspace"), `${this.workspace}\n`);
    await withFileLock(this.lockFile, async () => {
      if (!existsSync(join(this.target.gitDir, "HEAD"))) {
        await git(this.target, ["init", "-q", "--initial-branch=checkpoints"]);
        // node_modules is skipped even without a .gitignore saying so: it is large and rebuilt.
        await writeFile(join(this.target.gitDir, "info", "exclude"), "node_modules/\n");
        // Written as `git config` would, without three more git processes.
        await appendFile(join(this.target.gitDir, "config"), CONFIG);
      }
      // Also into repositories made before attributes were neutralised.
      const attributes = join(this.target.gitDir, "info", "attributes");
      if ((await readFile(attributes, "utf8").catch(() => "")) !== ATTRIBUTES) {
        await mkdir(join(this.target.gitDir, "info"), { recursive: true });
        await writeFile(attributes, ATTRIBUTES);
      }
    });
  }

  /** Whether init() would find nothing to do: the repository, its workspace file and its attributes are in place. */
  private made(): boolean {
    const text = (file: string) => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return undefined;
      }
    };
    return (
      existsSync(join(this.target.gitDir, "HEAD")) &&
      text(join(this.dir, "workspace")) === `${this.workspace}\n` &&
      text(join(this.target.gitDir, "info", "attributes")) === ATTRIBUTES
    );
  }

  /** The head as the last snapshot left it: the ref file and the head file agree (a process start spawns no git). */
  private savedHead(): Head | undefined {
    // Two small files read synchronously: with the lock (lock.ts) and the stale-lock check, the
    // turn's `git status` is spawned in the tick that asked for the snapshot, so it runs beside the
    // request to the model rather than after it (a thread-pool round trip waits for the main
    // thread, which is busy building that request).
    const read = (file: string) => {
      try {
        return readFileSync(file, "utf8").trim();
      } catch {
        return "";
      }
    };
    const commit = read(join(this.target.gitDir, REF));
    const saved = read(join(this.dir, HEAD_FILE));
    const [savedCommit, tree, kept = ""] = saved.split(" ");
    return commit && commit === savedCommit && tree ? { commit, tree, kept } : undefined;
  }

  /** The head as git knows it (a repository from before the head file, or one a git command moved). */
  private async askedHead(): Promise<Head | undefined> {
    // Neither a loose ref nor packed refs (gc is off here, but a person may run `git gc`): git would
    // find no head either. Saves a git process on the first snapshot of every workspace.
    if (!existsSync(join(this.target.gitDir, REF)) && !existsSync(join(this.target.gitDir, "packed-refs"))) return undefined;
    const commit = (await git(this.target, ["rev-parse", "-q", "--verify", REF]).catch(() => "")).trim();
    if (!commit) return undefined;
    const tree = (await git(this.target, ["rev-parse", `${commit}^{tree}`])).trim();
    const kept = /^kept ([0-9a-f]+)$/m.exec(await git(this.target, ["cat-file", "commit", commit]))?.[1] ?? "";
    return { commit, tree, kept };
  }

  private async tooLarge(path: Buffer): Promise<boolean> {
    const info = await lstat(this.absolute(path)).catch(() => undefined);
    return info?.isFile() === true && info.size > this.maxFileSize;
  }

  /** Whether a folder on the way to `path` is now something else (a symlink, a file). */
  private async beyondLink(path: Buffer, dirs: Map<string, boolean>): Promise<boolean> {
    for (let i = path.indexOf(0x2f); i !== -1; i = path.indexOf(0x2f, i + 1)) {
      const dir = path.subarray(0, i);
      const key = dir.toString("latin1");
      let real = dirs.get(key);
      if (real === undefined) {
        real = (await lstat(this.absolute(dir)).catch(() => undefined))?.isDirectory() === true;
        dirs.set(key, real);
      }
      if (!real) return true;
    }
    return false;
  }

  private absolute(path: Buffer): Buffer {
    return Buffer.concat([Buffer.from(`${this.workspace}/`), path]);
  }

  private async clearStaleLock(): Promise<void> {
    // Synchronous (a stat that nearly always finds nothing): see savedHead.
    const lock = join(this.target.gitDir, "index.lock");
    const info = statSync(lock, { throwIfNoEntry: false });
    if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
  }
}

function isIgnoreFile(path: Buffer): boolean {
  const name = Buffer.from(".gitignore");
  return (
    path.length >= name.length &&
    path.subarray(path.length - name.length).equals(name) &&
    (path.length === name.length || path[path.length - name.length - 1] === 0x2f)
  );
}

/** git's object id of a blob (SHA-1 repositories: the shadow repository is made with git's default). */
function blobId(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}
