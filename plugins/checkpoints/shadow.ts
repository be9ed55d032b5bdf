// The shadow repository: snapshots of the workspace as git trees in a repository outside the
// project (`<agentDir>/checkpoints/<hash of the workspace path>`), so every change is captured
// whoever made it (an edit, bash, a plugin, the user). `.gitignore` is respected, files over the
// size cap are left out, and a snapshot costs one `git status` when nothing changed (git's
// index remembers each file's stat data and which folders changed, so unchanged files are never
// read).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, lstat, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git, type GitTarget, nulList } from "./git.js";

const REF = "refs/heads/checkpoints";
/** In the shadow dir: the last snapshot's commit and tree, so a new process needs no git to know them. */
const HEAD_FILE = "head";
/** The shadow repository's settings: files as they are, no gc (refs stay plain files), git's untracked cache. */
const CONFIG = "[core]\n\tautocrlf = false\n\tuntrackedCache = true\n[gc]\n\tauto = 0\n";
/** A lock git left behind by a process that died mid-write; older than this it is ours to clear. */
const STALE_LOCK_MS = 30_000;

export function shadowDir(agentDir: string, workspace: string): string {
  return join(agentDir, "checkpoints", createHash("sha256").update(workspace).digest("hex").slice(0, 16));
}

export class ShadowRepo {
  readonly target: GitTarget;
  private ready: Promise<void> | undefined;
  private head: { commit: string; tree: string } | undefined;
  /** A restore changed the index: the next snapshot must write a tree even if no file looks changed. */
  private indexMoved = false;

  constructor(
    readonly dir: string,
    readonly workspace: string,
    private readonly maxFileSize: number,
  ) {
    this.target = { gitDir: join(dir, "git"), workTree: workspace };
  }

  /** Snapshots the workspace; returns the commit (the previous one when nothing changed). */
  async snapshot(): Promise<string> {
    await (this.ready ??= this.init());
    await this.clearStaleLock();
    // `status` (not ls-files) so git also saves refreshed stat data and its untracked cache.
    const listed = nulList(await git(this.target, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]));
    if (listed.length === 0 && this.head && !this.indexMoved) return this.head.commit;
    this.indexMoved = false;
    const update: string[] = [];
    const untrack: string[] = [];
    for (const item of listed) {
      const path = item.slice(3);
      // An embedded repository (a folder with its own .git) is not snapshotted.
      if (path.endsWith("/")) continue;
      if (item[1] !== "D" && (await this.tooLarge(path))) {
        if (item[0] !== "?") untrack.push(path);
      } else update.push(path);
    }
    // update-index takes paths as they are (no pathspec matching, which is slow for thousands).
    if (untrack.length) await git(this.target, ["update-index", "-z", "--force-remove", "--stdin"], nul(untrack));
    if (update.length) await git(this.target, ["update-index", "-z", "--add", "--remove", "--stdin"], nul(update));
    const tree = (await git(this.target, ["write-tree"])).trim();
    if (this.head?.tree === tree) return this.head.commit;
    const parent = this.head ? ["-p", this.head.commit] : [];
    const commit = (await git(this.target, ["commit-tree", tree, ...parent, "-m", `checkpoint ${new Date().toISOString()}`])).trim();
    // The ref is a plain file (gc is off, so never packed): one write instead of a git process.
    await writeFile(join(this.target.gitDir, REF), `${commit}\n`);
    await writeFile(join(this.dir, HEAD_FILE), `${commit} ${tree}\n`);
    this.head = { commit, tree };
    return commit;
  }

  /** The paths that differ between two snapshots. */
  async changed(from: string, to: string): Promise<string[]> {
    if (from === to) return [];
    return nulList(await git(this.target, ["diff", "--name-only", "-z", "--no-renames", from, to]));
  }

  /**
   * Puts the workspace back as it was at `commit`: files changed since come back, files created
   * since are removed. Returns the paths it touched. `current` must be a fresh snapshot.
   */
  async restore(commit: string, current: string): Promise<string[]> {
    const paths: string[] = [];
    // A file now over the size cap is not tracked: it stays as it is.
    for (const path of (await this.changed(commit, current)).sort()) if (!(await this.tooLarge(path))) paths.push(path);
    if (paths.length === 0) return [];
    await this.clearStaleLock();
    this.indexMoved = true;
    await git(
      this.target,
      ["restore", `--source=${commit}`, "--staged", "--worktree", "--pathspec-from-file=-", "--pathspec-file-nul"],
      nul(paths),
    );
    return paths;
  }

  private async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, "workspace"), `${this.workspace}\n`);
    if (!existsSync(join(this.target.gitDir, "HEAD"))) {
      await git(this.target, ["init", "-q", "--initial-branch=checkpoints"]);
      // node_modules is skipped even without a .gitignore saying so: it is large and rebuilt.
      await writeFile(join(this.target.gitDir, "info", "exclude"), "node_modules/\n");
      // Written as `git config` would, without three more git processes.
      await appendFile(join(this.target.gitDir, "config"), CONFIG);
      return; // a new repository has no head
    }
    this.head = (await this.savedHead()) ?? (await this.askedHead());
  }

  /** The head as the last snapshot left it: the ref file and the head file agree (a process start spawns no git). */
  private async savedHead(): Promise<{ commit: string; tree: string } | undefined> {
    const read = (file: string) =>
      readFile(file, "utf8").then(
        (text) => text.trim(),
        () => "",
      );
    const commit = await read(join(this.target.gitDir, REF));
    const [savedCommit, tree] = (await read(join(this.dir, HEAD_FILE))).split(" ");
    return commit && commit === savedCommit && tree ? { commit, tree } : undefined;
  }

  /** The head as git knows it (a repository from before the head file, or one a git command moved). */
  private async askedHead(): Promise<{ commit: string; tree: string } | undefined> {
    const commit = (await git(this.target, ["rev-parse", "-q", "--verify", REF]).catch(() => "")).trim();
    return commit ? { commit, tree: (await git(this.target, ["rev-parse", `${commit}^{tree}`])).trim() } : undefined;
  }

  private async tooLarge(path: string): Promise<boolean> {
    const info = await lstat(join(this.workspace, path)).catch(() => undefined);
    return info?.isFile() === true && info.size > this.maxFileSize;
  }

  private async clearStaleLock(): Promise<void> {
    const lock = join(this.target.gitDir, "index.lock");
    const info = await stat(lock).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
  }
}

function nul(paths: Iterable<string>): string {
  return `${[...paths].join("\0")}\0`;
}
