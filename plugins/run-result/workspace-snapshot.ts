// The workspace as it was when a run started, kept in a throw-away git object store (a temporary
// GIT_DIR and index, never the project's own .git), so `changes.patch` is `git diff --binary`
// from that start to the end: binary files, modes, deletions and new files included, and it
// applies with `git apply` to a copy of the starting workspace whether or not that is a git
// repository. The project's .gitignore files are honoured (node_modules stays out), its history
// and index are never touched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative, sep } from "node:path";

export class WorkspaceSnapshot {
  private constructor(
    private readonly gitDir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Records `workspace` now; `exclude` are paths left out (the result folder when it is inside). */
  static async take(workspace: string, exclude: string[] = []): Promise<WorkspaceSnapshot> {
    const gitDir = mkdtempSync(join(tmpdir(), "pik-run-snapshot-"));
    // The smallest GIT_DIR git accepts: no `git init` process, no hook templates copied.
    for (const dir of ["objects", "refs/heads", "info"]) mkdirSync(join(gitDir, dir), { recursive: true });
    writeFileSync(join(gitDir, "HEAD"), "ref: refs/heads/start\n");
    const patterns = exclude.map((p) => relative(workspace, p)).filter((r) => r !== "" && !r.startsWith("..") && !isAbsolute(r));
    writeFileSync(join(gitDir, "info", "exclude"), patterns.map((r) => `/${r.split(sep).join("/")}/\n`).join(""));
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: workspace, GIT_INDEX_FILE: join(gitDir, "index") };
    for (const name of ["GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR"]) delete env[name];
    try {
      // The index is the snapshot: the start's content is in the object store, one process.
      await git(env, workspace, ["add", "--all"]);
      const snapshot = new WorkspaceSnapshot(gitDir, env);
      // A run that fails before it starts (a bad flag, no model) never writes a patch: the store goes anyway.
      process.once("exit", () => snapshot.dispose());
      return snapshot;
    } catch (error) {
      rmSync(gitDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Writes the changes since the start to `file` (empty when nothing changed). */
  async writePatch(workspace: string, file: string): Promise<void> {
    // New files enter the index as intent-to-add (no content), so the work tree's diff against
    // the start shows them; modified and removed files keep their starting content there.
    await git(this.env, workspace, ["add", "--intent-to-add", "--ignore-removal", "."]);
    await git(this.env, workspace, ["diff", "--binary", "--no-ext-diff", "--no-textconv", "--no-color", `--output=${file}`]);
  }

  dispose(): void {
    rmSync(this.gitDir, { recursive: true, force: true });
  }
}

// The user's git configuration may not change what the patch looks like.
const CONFIG = ["-c", "core.autocrlf=false", "-c", "core.safecrlf=false", "-c", "diff.renames=false", "-c", "core.quotepath=false"];

function git(env: NodeJS.ProcessEnv, cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    process
      .getBuiltinModule("node:child_process")
      .execFile("git", [...CONFIG, ...args], { env, cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args[0]} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      });
  });
}
