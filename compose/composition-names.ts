// The names a composition may use wherever pi-kernel is installed (a clone, `npm i -g`, a project's
// node_modules), resolved against the running install rather than the composition file's folder:
// built-in plugins by package name ("@pi-kernel/tools-core" is <install>/plugins/tools-core), and
// whole compositions by name: "default" (the install's pi-packages.json, the default agent) and the
// shipped examples ("read-only-agent" is <install>/examples/read-only-agent/pi-packages.json).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type CompositionNames, packageJsonStat } from "../lib/packages/index.js";
import { joinRelative } from "../lib/path-kit/index.js";

const SCOPE = "@pi-kernel/";

export function compositionNames(packageRoot: string): CompositionNames & { compositionNames(): string[] } {
  const plugins = join(packageRoot, "plugins");
  const examples = join(packageRoot, "examples");
  const folders = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      return [];
    }
  };
  return {
    package(name) {
      if (!name.startsWith(SCOPE)) return undefined;
      const dir = joinRelative(plugins, name.slice(SCOPE.length));
      return /^[\w.-]+$/.test(name.slice(SCOPE.length)) && packageJsonStat(dir) !== undefined ? dir : undefined;
    },
    packageNames: () =>
      folders(plugins)
        .filter((n) => existsSync(join(plugins, n, "package.json")))
        .map((n) => SCOPE + n),
    composition(name) {
      if (name === "default") return join(packageRoot, "pi-packages.json");
      const file = join(examples, name, "pi-packages.json");
      return /^[\w.-]+$/.test(name) && existsSync(file) ? file : undefined;
    },
    compositionNames: () => ["default", ...folders(examples).filter((n) => existsSync(join(examples, n, "pi-packages.json")))],
  };
}
