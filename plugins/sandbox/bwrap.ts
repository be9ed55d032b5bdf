// bubblewrap (bwrap) on Linux: the argv that runs a shell command with the root filesystem
// read-only, a private /tmp, the workspace writable (workspace-write) except its .git, and no
// network unless allowed. A probe runs once per configuration: when bwrap is missing or cannot
// create namespaces here (some containers need a user namespace too) the error says what to do.
import { execFile } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { canonicalPath } from "../../lib/tool-kit/index.js";
import type { SandboxConfig } from "./config.js";

export const INSTALL_HINT =
  "Install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap; " +
  "Arch: sudo pacman -S bubblewrap), or run without the sandbox: --sandbox off.";

/** The bwrap argv (ending in `--`) for a command in `cwd`; `userNs` adds --unshare-user. */
export function bwrapArgs(config: SandboxConfig, cwd: string, userNs: boolean): string[] {
  const args = ["bwrap", "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts"];
  if (userNs) args.push("--unshare-user");
  if (!config.network) args.push("--unshare-net");
  args.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp");
  const workspace = real(cwd);
  if (config.mode === "workspace-write") {
    for (const path of [workspace, ...config.allowWrite.map((p) => canonicalPath(workspace, p))])
      if (existsSync(path)) args.push("--bind", path, path);
    // Binds stack: the workspace's .git goes back to read-only on top of the writable workspace.
    const git = join(workspace, ".git");
    if (existsSync(git)) args.push("--ro-bind", git, git);
  } else if (workspace.startsWith("/tmp/") || workspace === "/tmp") {
    // The private /tmp hides a workspace under it; show it again, read-only.
    args.push("--ro-bind", workspace, workspace);
  }
  args.push("--chdir", workspace, "--");
  return args;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether bwrap starts here, first as it is, then with a user namespace; the error says why not. */
export async function probe(config: SandboxConfig, cwd: string): Promise<{ userNs: boolean } | { error: string }> {
  if (process.platform !== "linux")
    return {
      error: `The sandbox runs on Linux only (bubblewrap); macOS (Seatbelt) support may come later. Run with --sandbox off.`,
    };
  let first = "";
  for (const userNs of [false, true]) {
    const [file, ...args] = bwrapArgs(config, cwd, userNs);
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
    execFile(file, args, { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve({ ok: true, stderr });
      resolve({ ok: false, missing: (error as NodeJS.ErrnoException).code === "ENOENT", stderr: String(stderr || error.message) });
    });
  });
}
