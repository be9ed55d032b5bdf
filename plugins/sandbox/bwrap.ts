// bubblewrap (bwrap) on Linux: the argv that runs a shell command with the root filesystem
// read-only, a private /tmp and /proc, the workspace writable (workspace-write) except its .git
// and agent configuration, the agent dir read-only with its keys hidden, and no network (nor
// unix sockets) unless allowed. A probe runs once per configuration: when bwrap is missing or cannot
// create namespaces here (some containers need a user namespace too) the error says what to do.
import { existsSync, lstatSync, realpathSync, type Stats } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { AGENT_CONFIG_ENTRIES, canonicalPath } from "../../lib/tool-kit/index.js";
import type { SandboxConfig } from "./config.js";

export const INSTALL_HINT =
  "Install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap; " +
  "Arch: sudo pacman -S bubblewrap), or run without the sandbox: --sandbox off.";

/** What the argv depends on besides the configuration: where, and how bwrap starts here. */
export interface BwrapPlace {
  cwd: string;
  /** The agent's own folder (~/.pi/agent or PI_CODING_AGENT_DIR): read-only, its key files hidden. */
  agentDir: string;
  /** --unshare-user (needed where namespaces are only allowed inside a user namespace). */
  userNs: boolean;
  /** The seccomp program refusing unix sockets (seccomp.ts); required when the network is off. */
  socketFilter?: string;
}

/** Files in the agent dir that hold keys (auth.json's, models.json's apiKey values): empty inside. */
const KEY_FILES = ["auth.json", "models.json"];

/**
 * The argv (ending in `--`) to put before `<shell> -c <command>`. It throws, with the reason, when
 * the workspace cannot be protected (its agent configuration is a symbolic link).
 */
export function bwrapArgs(config: SandboxConfig, place: BwrapPlace): string[] {
  // A fresh pid namespace and /proc: the agent and every other process are invisible, so their
  // environ, cmdline and mem cannot be read. --new-session: no TIOCSTI into a terminal.
  const args = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc", "--unshare-uts"];
  if (place.userNs) args.push("--unshare-user");
  if (!config.network) {
    if (!place.socketFilter) throw new Error(`The sandbox has no unix-socket filter for this machine (${process.arch}).`);
    args.push("--unshare-net", "--seccomp", String(FILTER_FD));
  }
  args.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp");
  const workspace = real(place.cwd);
  const bound: string[] = [];
  if (config.mode === "workspace-write") {
    for (const path of [workspace, ...config.allowWrite.map((p) => canonicalPath(workspace, p))])
      if (existsSync(path)) {
        args.push("--bind", path, path);
        bound.push(path);
      }
    // Binds stack: the workspace's .git and agent configuration go back to read-only on top.
    const git = join(workspace, ".git");
    if (existsSync(git)) args.push("--ro-bind", git, git);
    args.push(...agentConfigMounts(workspace));
  } else if (inside("/tmp", workspace)) {
    // The private /tmp hides a workspace under it; show it again, read-only.
    args.push("--ro-bind", workspace, workspace);
    bound.push(workspace);
  }
  args.push(...agentDirMounts(real(place.agentDir), bound));
  args.push("--chdir", workspace, "--");
  // bwrap reads a seccomp program from a descriptor only; a shell opens the file as fd 3 for it,
  // so the wrapper stays a plain argv any spawner (bash tool, !cmd, hooks) can use.
  return config.network ? args : ["/bin/sh", "-c", `exec "$@" ${FILTER_FD}<"$0"`, place.socketFilter!, ...args];
}

const FILTER_FD = 3;

/**
 * Read-only mounts over the workspace's agent configuration (lib/tool-kit's one list), so a
 * sandboxed command cannot add an extension, a permission rule or an MCP server that the agent
 * would then load unsandboxed. A mount point cannot be removed or renamed from inside either.
 * A missing configuration folder gets an empty read-only placeholder (left behind as an empty
 * folder: nothing for pi or Claude Code to load), so it cannot be created; a missing file entry
 * (`.mcp.json`, or `.git/...` without a .git) is not created, see docs/usage/sandbox.md.
 */
function agentConfigMounts(workspace: string): string[] {
  const args: string[] = [];
  for (const entry of AGENT_CONFIG_ENTRIES) {
    const path = join(workspace, entry);
    const info = lstat(path);
    if (info?.isSymbolicLink())
      throw new Error(
        `The sandbox cannot protect ${entry} in ${workspace}: it is a symbolic link, which a command could replace. ` +
          `Make it a real folder or file, or run with --sandbox off.`,
      );
    if (info) args.push("--ro-bind", path, path);
    else if (isFolderEntry(entry) && lstat(workspace)?.isDirectory()) args.push("--tmpfs", path, "--remount-ro", path);
  }
  return args;
}

/** `.pi`, `.claude`: a top-level name with no extension names a folder; `.mcp.json` a file. */
function isFolderEntry(entry: string): boolean {
  return !entry.includes("/") && !entry.slice(1).includes(".");
}

/** The agent dir read-only wherever a bind made it visible or writable, and its key files empty. */
function agentDirMounts(agentDir: string, bound: string[]): string[] {
  const visible = !inside("/tmp", agentDir) || bound.some((b) => inside(b, agentDir));
  if (!visible || !lstat(agentDir)?.isDirectory()) return [];
  const args = ["--ro-bind", agentDir, agentDir];
  for (const name of KEY_FILES) {
    const file = join(agentDir, name);
    if (lstat(file)) args.push("--ro-bind", "/dev/null", file);
  }
  return args;
}

function lstat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether bwrap starts here, first as it is, then with a user namespace; the error says why not. */
export async function probe(config: SandboxConfig, place: Omit<BwrapPlace, "userNs">): Promise<{ userNs: boolean } | { error: string }> {
  if (process.platform !== "linux")
    return {
      error: `The sandbox runs on Linux only (bubblewrap); macOS (Seatbelt) support may come later. Run with --sandbox off.`,
    };
  let first = "";
  for (const userNs of [false, true]) {
    let argv: string[];
    try {
      argv = bwrapArgs(config, { ...place, userNs });
    } catch (error) {
      return { error: (error as Error).message };
    }
    const [file, ...args] = argv;
    const result = await run(file, [...args, "/bin/sh", "-c", "true"]);
    if (result.ok) return { userNs };
    if (result.missing) return { error: `The sandbox needs bubblewrap (bwrap), which is not installed. ${INSTALL_HINT}` };
    first ||= result.stderr;
  }
  return {
    error:
      `The sandbox could not start: bwrap failed (${first.trim() || "no message"}). It needs user namespaces: ` +
      `check the kernel setting kernel.unprivileged_userns_clone (or AppArmor's apparmor_restrict_unprivileged_userns on ` +
      `Ubuntu), or a container started with namespaces allowed. Or run without it: --sandbox off.`,
  };
}

function run(file: string, args: string[]): Promise<{ ok: boolean; missing?: boolean; stderr: string }> {
  return new Promise((resolve) => {
    process.getBuiltinModule("node:child_process").execFile(file, args, { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve({ ok: true, stderr });
      // ENOENT: no bwrap; 127: the shell that opens the seccomp filter found none.
      const code = (error as NodeJS.ErrnoException).code as unknown;
      resolve({ ok: false, missing: code === "ENOENT" || code === 127, stderr: String(stderr || error.message) });
    });
  });
}
