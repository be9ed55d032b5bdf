// How the composition root composes the agent from packages (lib/packages): which
// pi-packages.json is in use, whether the project is trusted, and the plugin sources and resource
// paths the packages give.
// Skills, prompts and themes of packages reach their plugins as extra --skill / --prompt-template
// / --theme paths, refreshed in place on every (re)composition.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PluginSource } from "../kernel/index.js";
import { composePackages, isTrusted, resourcesOf, trustDirectory, untrustedContent } from "../lib/packages/index.js";
import { ComposeCode } from "./diagnostics.js";

export interface AgentPackagesOptions {
  cwd: string;
  agentDir: string;
  packageRoot: string;
  /** The kernel's flags object (mutated: resource paths of packages are added). */
  flags: Record<string, unknown>;
  /** `code` marks the untrusted-project warning, given before the kernel exists. */
  report(level: "warning" | "error", message: string, code?: string): void;
}

export interface AgentPackages {
  packagesFile: string;
  /** The kernel's settings object, once loaded (package themes are added to its `themes`). */
  useSettings(settings: Record<string, unknown>): void;
  projectTrusted(): boolean;
  packageSources(): Promise<PluginSource[]>;
}

// Themes go to the settings' `themes` paths (available, not selected) rather than --theme (which
// also selects the theme it names).
const RESOURCE_FLAGS = { skills: "skill", prompts: "promptTemplate" } as const;

export function agentPackages(o: AgentPackagesOptions): AgentPackages {
  if (o.flags.trust === true) trustDirectory(o.agentDir, o.cwd);
  const projectTrusted = () => isTrusted(o.agentDir, o.cwd);
  const untrusted = untrustedContent(o.cwd);
  if (untrusted.length && !projectTrusted()) {
    o.report(
      "warning",
      `this project has ${untrusted.join(", ")}, which can run code or redirect requests; they load once you trust the directory (pi --trust, or answer the prompt in interactive mode)`,
      ComposeCode.untrustedProject,
    );
  }
  const projectFile = join(o.cwd, ".pi", "pi-packages.json");
  const given = o.flags.packages as string | undefined;
  const packagesFile = given
    ? resolve(o.cwd, given)
    : existsSync(projectFile) && projectTrusted()
      ? projectFile
      : join(o.packageRoot, "pi-packages.json");
  const userPaths = Object.fromEntries(Object.values(RESOURCE_FLAGS).map((f) => [f, list(o.flags[f])]));
  let settings: Record<string, unknown> | undefined;
  let userThemes: string[] = [];
  return {
    packagesFile,
    useSettings(s) {
      settings = s;
      userThemes = list(s.themes);
    },
    projectTrusted,
    async packageSources() {
      const packages = await composePackages({
        packagesFile,
        agentDir: o.agentDir,
        cwd: o.cwd,
        projectTrusted: projectTrusted(),
        report: o.report,
      });
      for (const [kind, flag] of Object.entries(RESOURCE_FLAGS)) {
        const extra = resourcesOf(packages, kind as keyof typeof RESOURCE_FLAGS);
        const given = userPaths[flag] ?? [];
        if (extra.length || given.length) o.flags[flag] = [...given, ...extra];
      }
      // Which directories are packages, so their resources report origin "package" (lib/resource-kit/paths/source-info.ts).
      const compositionScope = packagesFile === projectFile ? "project" : "user";
      o.flags.packageOrigins = packages.map((p) => ({
        baseDir: p.dir,
        source: p.source,
        scope: p.origin === "global" ? "user" : p.origin === "project" ? "project" : compositionScope,
      }));
      const themes = resourcesOf(packages, "themes");
      if (settings && (themes.length || userThemes.length)) settings.themes = [...userThemes, ...themes];
      return packages.flatMap((p) => p.resources.extensions.map((file) => ({ file, root: p.dir, origin: "package" as const })));
    },
  };
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
}
