// Where themes come from, later sources overriding earlier ones by name: the built-in themes/
// dir, ~/.pi/agent/themes, .pi/themes, settings `themes` paths, the packages' themes, `--theme`
// paths, and themes other plugins register (`api.register.theme`).
import { existsSync, readdirSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

export interface ThemeSource {
  path: string;
  source: "builtin" | "user" | "project" | "settings" | "package" | "cli";
}

/** Every `*.json` file of the given dirs and files; missing dirs are skipped quietly. */
export function themeFiles(opts: {
  builtinDir: string;
  agentDir: string;
  cwd: string;
  settingsPaths: string[];
  /** Themes of installed packages and `-e` folders (absolute); listed as "package", e.g. in /theme. */
  packagePaths?: readonly string[];
  cliPaths: string[];
}): {
  files: ThemeSource[];
  problems: string[];
} {
  const files: ThemeSource[] = [];
  const problems: string[] = [];
  const add = (path: string, source: ThemeSource["source"], explicit: boolean) => {
    if (!existsSync(path)) {
      if (explicit) problems.push(`theme path not found: ${path}`);
      return;
    }
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name.endsWith(".json")) files.push({ path: join(path, name), source });
    } else files.push({ path, source });
  };
  add(opts.builtinDir, "builtin", false);
  add(join(opts.agentDir, "themes"), "user", false);
  add(join(opts.cwd, ".pi", "themes"), "project", false);
  for (const p of opts.settingsPaths) add(isAbsolute(p) ? p : resolve(opts.agentDir, p), "settings", true);
  for (const p of opts.packagePaths ?? []) add(resolve(opts.cwd, p), "package", true);
  for (const p of opts.cliPaths) add(resolve(opts.cwd, p), "cli", true);
  return { files, problems };
}

/** Picks dark or light from COLORFGBG ("fg;bg"), as terminals set it; dark when unknown. */
export function detectBackground(env: NodeJS.ProcessEnv = process.env): "dark" | "light" {
  const parts = (env.COLORFGBG ?? "").split(";");
  const bg = Number(parts[parts.length - 1]);
  if (!Number.isInteger(bg) || parts.length < 2) return "dark";
  return bg === 7 || bg >= 9 ? "light" : "dark";
}
