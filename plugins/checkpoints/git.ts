// Running git against the shadow repository: its own GIT_DIR (under the agent dir) with the
// workspace as its work tree, so the project's own repository (if any) is never touched, and
// nothing from the caller's environment (GIT_INDEX_FILE, GIT_DIR, ...) leaks in.
import { spawn } from "node:child_process";

export interface GitTarget {
  gitDir: string;
  workTree: string;
}

const IDENTITY = { name: "pi checkpoints", email: "checkpoints@pi.invalid" };

export function git(target: GitTarget, args: string[], input?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("GIT_")) env[k] = v;
  Object.assign(env, {
    GIT_DIR: target.gitDir,
    GIT_WORK_TREE: target.workTree,
    GIT_AUTHOR_NAME: IDENTITY.name,
    GIT_AUTHOR_EMAIL: IDENTITY.email,
    GIT_COMMITTER_NAME: IDENTITY.name,
    GIT_COMMITTER_EMAIL: IDENTITY.email,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
  });
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-c", "core.quotepath=off", ...args], {
      cwd: target.workTree,
      env,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on("data", (d: Buffer) => out.push(d));
    child.stderr!.on("data", (d: Buffer) => err.push(d));
    child.once("error", (error) =>
      reject(new Error((error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed (checkpoints need it)" : error.message)),
    );
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`git ${args[0]} failed: ${Buffer.concat(err).toString("utf8").trim() || `exit code ${code}`}`));
    });
    // git may exit (with an error we report) before reading its input: that is not a crash.
    child.stdin?.on("error", () => {});
    child.stdin?.end(input);
  });
}

/** NUL-separated git output as a list. */
export function nulList(output: string): string[] {
  return output.split("\0").filter(Boolean);
}
