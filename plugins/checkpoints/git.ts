// Running git against the shadow repository: its own GIT_DIR (under the agent dir) with the
// workspace as its work tree, so the project's own repository (if any) is never touched, and
// nothing from the caller's environment (GIT_INDEX_FILE, GIT_DIR, ...) leaks in.
//
// A clean git: no system or global config (the user's autocrlf, filters, fsmonitor and hooks
// would change what is stored, or run code, on every snapshot), every path taken literally (a
// file named `:(x)notes` is a file, not pathspec magic), and the settings that could change bytes
// or run code pinned on the command line, which beats any config file. The project's
// .gitattributes are neutralised by the shadow repository's info/attributes (shadow.ts).
// Output and input are bytes: file names are whatever the file system holds, not UTF-8.

export interface GitTarget {
  gitDir: string;
  workTree: string;
}

const IDENTITY = { name: "pi checkpoints", email: "checkpoints@pi.invalid" };

/** Pinned for every call: stored bytes are the file's bytes, and git runs nothing of the user's or the project's. */
const CLEAN = [
  "core.quotePath=false",
  "core.autocrlf=false",
  "core.safecrlf=false",
  "core.eol=lf",
  "core.attributesFile=/dev/null",
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.symlinks=true",
  "core.fileMode=true",
  "core.ignoreCase=false",
  "core.precomposeUnicode=false",
  "core.splitIndex=false",
  "core.sparseCheckout=false",
  // Names only Windows or macOS would confuse with .git (GIT~1, ".git "): ordinary files on this system.
  "core.protectNTFS=false",
  "core.protectHFS=false",
].flatMap((setting) => ["-c", setting]);

function cleanEnv(target: GitTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("GIT_")) env[k] = v;
  return Object.assign(env, {
    GIT_DIR: target.gitDir,
    GIT_WORK_TREE: target.workTree,
    GIT_AUTHOR_NAME: IDENTITY.name,
    GIT_AUTHOR_EMAIL: IDENTITY.email,
    GIT_COMMITTER_NAME: IDENTITY.name,
    GIT_COMMITTER_EMAIL: IDENTITY.email,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_ATTR_NOSYSTEM: "1",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_NO_REPLACE_OBJECTS: "1",
    GIT_TERMINAL_PROMPT: "0",
  });
}

/** Runs git; resolves with its standard output as bytes. */
export function gitBytes(target: GitTarget, args: string[], input?: Buffer | string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = process.getBuiltinModule("node:child_process").spawn("git", [...CLEAN, ...args], {
      cwd: target.workTree,
      env: cleanEnv(target),
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
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`git ${args[0]} failed: ${Buffer.concat(err).toString("utf8").trim() || `exit code ${code}`}`));
    });
    // git may exit (with an error we report) before reading its input: that is not a crash.
    child.stdin?.on("error", () => {});
    child.stdin?.end(input);
  });
}

/** Runs git; resolves with its standard output as text (for ids and other ASCII output). */
export async function git(target: GitTarget, args: string[], input?: Buffer | string): Promise<string> {
  return (await gitBytes(target, args, input)).toString("utf8");
}

/** NUL-separated git output as a list of byte strings. */
export function nulList(output: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = output.indexOf(0); i !== -1; i = output.indexOf(0, start)) {
    if (i > start) out.push(output.subarray(start, i));
    start = i + 1;
  }
  if (start < output.length) out.push(output.subarray(start));
  return out;
}

/** Paths as git's `-z --stdin` options take them. */
export function nulJoin(paths: readonly Buffer[]): Buffer {
  return Buffer.concat(paths.flatMap((p) => [p, Buffer.from([0])]));
}
