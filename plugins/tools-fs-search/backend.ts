// Which engine a search uses: ripgrep / fd when they are on PATH (fast, and the reference
// behaviour), else the built-in walker. PI_KERNEL_SEARCH=builtin forces the built-in one (tests
// use it to cover both paths; users on odd systems can too).
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";

const found = new Map<string, string | undefined>();

/** The first of `names` found as an executable on PATH, or undefined (also when forced built-in). */
export function externalTool(names: string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PI_KERNEL_SEARCH === "builtin") return undefined;
  const key = `${names.join(",")}\0${env.PATH ?? ""}`;
  if (!found.has(key)) found.set(key, lookUp(names, env.PATH ?? ""));
  return found.get(key);
}

function lookUp(names: string[], path: string): string | undefined {
  for (const name of names) {
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export const rgPath = (env?: NodeJS.ProcessEnv) => externalTool(["rg"], env);

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
  const run = spawnSync(binary, ["--help"], { encoding: "utf8", timeout: 5000 });
  return typeof run.stdout === "string" && run.stdout.includes(flag);
}
