// Which external search programs a search may use: ripgrep / fd when they are on PATH (fast, and
// the reference behaviour), else the built-in walker. PI_KERNEL_SEARCH=builtin forces the
// built-in one (tests use it to cover both paths; users on odd systems can too).
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

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
