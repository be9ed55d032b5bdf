// Where a server runs and what it runs: the workspace root of a file is the nearest folder above it
// holding one of the server's root markers (tsconfig.json, package.json, pyproject.toml, ...), so
// each package of a monorepo gets its own server; a file with no marker above it is in no project
// and gets no server (a loose script is not worth a language server's start). The command is looked up as npm
// would run it: the root's node_modules/.bin and those above it, then PATH.
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { homedir, tmpdir } from "node:os";

export function workspaceRoot(file: string, markers: string[], cwd: string): string | undefined {
  if (markers.length === 0) return cwd; // a server configured without markers serves everything
  // The home folder, the temp folder and the file system's root are never a workspace: a stray
  // package.json there would make one server load everything below it.
  const never = new Set([homedir(), tmpdir(), "/"].map((d) => resolve(d)));
  for (let dir = dirname(file); !never.has(dir); dir = dirname(dir)) {
    if (markers.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) break;
  }
  return undefined;
}

/**
 * The executable `command` names, or undefined when there is none (the server is then skipped).
 * The project's own node_modules/.bin only when `projectBins` (a trusted project): a cloned
 * repository must not get a program of its own run by reading one of its files.
 */
export function findCommand(command: string, root: string, projectBins: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (command.includes("/") || isAbsolute(command)) return executable(resolve(root, command));
  const dirs: string[] = [];
  for (let dir = root; projectBins; dir = dirname(dir)) {
    dirs.push(join(dir, "node_modules", ".bin"));
    if (dirname(dir) === dir) break;
  }
  dirs.push(...(env.PATH ?? "").split(delimiter).filter(Boolean));
  for (const dir of dirs) {
    const found = executable(join(dir, command));
    if (found) return found;
  }
  return undefined;
}

function executable(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}
