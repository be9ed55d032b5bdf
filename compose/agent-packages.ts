// How the composition root composes the agent from packages (lib/packages): which
// pi-packages.json is in use, whether the project is trusted, and the plugin sources and resource
// paths the packages give.
// Skills, prompts and themes of packages reach their plugins through the "package-resources"
// service (compose/package-resources.ts), refreshed on every (re)composition; so do those of `-e`
// folders, which load as installed packages do. The flags and settings stay as given.
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ClaudePluginParts, PackageResourcesService } from "../contracts/package-resources.js";
import type { PluginSource } from "../kernel/index.js";
import {
  autoOverrides,
  claudeParts,
  compositionFiles,
  composePackages,
  isClaudePlugin,
  isTrusted,
  packageResources,
  type Resources,
  resourcesOf,
  trustDirectory,
  untrustedContent,
} from "../lib/packages/index.js";
import { builtinResources } from "./builtin-resources.js";
import { compositionNames } from "./composition-names.js";
import { ComposeCode } from "./diagnostics.js";

export interface AgentPackagesOptions {
  cwd: string;
  agentDir: string;
  packageRoot: string;
  /** The run's flags (read, never changed): `trust`, `packages`. */
  flags: Readonly<Record<string, unknown>>;
  /** `-e` paths of this run (folders among them are packages: their skills, prompts and themes load too). */
  extensionPaths: string[];
  /** `code` marks the untrusted-project warning, given before the kernel exists. */
  report(level: "warning" | "error", message: string, code?: string): void;
}

export interface AgentPackages {
  packagesFile: string;
  /** The composition file and those it extends (as they were at start), watched in the long-lived modes. */
  compositionFiles: string[];
  /** What the packages composed last offer (empty until `packageSources` has run). */
  resources(): PackageResourcesService;
  projectTrusted(): boolean;
  packageSources(): Promise<PluginSource[]>;
  /** Whether an extension of the user's or the project's extensions dir is switched on (`pi config`). */
  autoEnabled(file: string, scope: "user" | "project"): boolean;
}

const NO_RESOURCES: PackageResourcesService = { skills: [], prompts: [], themes: [], origins: [] };

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
  const names = compositionNames(o.packageRoot);
  const given = o.flags.packages as string | undefined;
  const packagesFile = given
    ? packagesFileOf(given, o.cwd, names)
    : existsSync(projectFile) && projectTrusted()
      ? projectFile
      : join(o.packageRoot, "pi-packages.json");
  let resources = NO_RESOURCES;
  return {
    packagesFile,
    compositionFiles: compositionFiles(packagesFile, names),
    resources: () => resources,
    projectTrusted,
    autoEnabled: (file, scope) =>
      autoOverrides({ agentDir: o.agentDir, cwd: o.cwd, projectTrusted: projectTrusted() })("extensions", file, scope),
    async packageSources() {
      if (!existsSync(packagesFile)) throw new Error(unknownComposition(given ?? packagesFile, names.compositionNames()));
      const packages = await composePackages({
        packagesFile,
        agentDir: o.agentDir,
        cwd: o.cwd,
        projectTrusted: projectTrusted(),
        report: o.report,
        names,
        resolved: builtinResources(o.packageRoot),
      });
      // `-e` folders come first, as pi ranks them (first found wins for skills and prompts).
      const cli = cliPackages(o.extensionPaths, o.cwd, o.report);
      const of = (kind: "skills" | "prompts" | "themes") => [...cli.flatMap((p) => p.resources[kind]), ...resourcesOf(packages, kind)];
      const compositionScope = packagesFile === projectFile ? "project" : "user";
      resources = {
        skills: of("skills"),
        prompts: of("prompts"),
        themes: of("themes"),
        // Which directories are packages, so their resources report origin "package" (lib/resource-kit/paths/source-info.ts).
        origins: packages.map((p) => ({
          baseDir: p.dir,
          source: p.source,
          scope: p.origin === "global" ? "user" : p.origin === "project" ? "project" : compositionScope,
        })),
        claudePlugins: [...cli, ...packages].flatMap((p) => (p.claude ? [p.claude] : [])),
      };
      return packages.flatMap((p) => p.resources.extensions.map((file) => ({ file, root: p.dir, origin: "package" as const })));
    },
  };
}

/** `--packages`: a file (relative to cwd), else a composition's name ("default", a shipped example). */
function packagesFileOf(given: string, cwd: string, names: ReturnType<typeof compositionNames>): string {
  const path = resolve(cwd, given);
  return existsSync(path) ? path : (names.composition(given) ?? path);
}

function unknownComposition(given: string, known: string[]): string {
  return `--packages ${given}: no such file, and not the name of a composition pi-kernel ships (${known.join(", ")})`;
}

/** The `-e` folders, each read as an installed package is (its manifest, else the conventional folders; a Claude Code plugin's layout). */
function cliPackages(
  paths: string[],
  cwd: string,
  report: AgentPackagesOptions["report"],
): { resources: Resources; claude?: ClaudePluginParts }[] {
  return paths
    .map((p) => resolve(cwd, p))
    .filter((dir) => existsSync(dir) && statSync(dir).isDirectory())
    .flatMap((dir) => {
      try {
        const claude = isClaudePlugin(dir) ? claudeParts(dir, undefined, dir, "user") : undefined;
        return [{ resources: packageResources(dir), ...(claude && { claude }) }];
      } catch (error) {
        report("error", `-e ${dir}: ${(error as Error).message}`);
        return [];
      }
    });
}
