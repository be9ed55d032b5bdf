// Which engine a search uses: ripgrep / fd when they are on PATH, else the built-in walker
// (lib/tool-kit finds the programs and runs grep; find's fd is this plugin's own).
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { externalTool } from "../search/external-tool.js";

export { rgPath } from "../search/external-tool.js";

/**
 * fd (Debian and Ubuntu install it as fdfind) for a search under `root`. fd applies .gitignore
 * outside a git repository only with --no-require-git (fd 8.7 and later); an older fd is used
 * inside repositories only, and elsewhere the built-in walker takes over.
 */
export function fdFor(root: string, env?: NodeJS.ProcessEnv): { path: string; noRequireGit: boolean } | undefined {
  const fd = externalTool(["fd", "fdfind"], env);
  if (!fd) return undefined;
  if (!fdCapable.has(fd)) fdCapable.set(fd, helpMentions(fd, "--no-require-git"));
  const noRequireGit = fdCapable.get(fd)!;
  return noRequireGit || insideGitRepo(root) ? { path: fd, noRequireGit } : undefined;
}

function insideGitRepo(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, ".git"))) return true;
    if (dirname(d) === d) return false;
  }
}

const fdCapable = new Map<string, boolean>();

function helpMentions(binary: string, flag: string): boolean {
  const run = process.getBuiltinModule("node:child_process").spawnSync(binary, ["--help"], { encoding: "utf8", timeout: 5000 });
  return typeof run.stdout === "string" && run.stdout.includes(flag);
}
