// `pi install <source> [-l]`, `pi remove <source> [-l]`, `pi update [source]`, `pi list`: manage
// the `packages` of the global settings (~/.pi/agent/settings.json) or, with -l, the project's
// (.pi/settings.json). Installs land in a temp dir first: a failure prints its cause and leaves
// settings and installed files as they were. A Claude Code plugin installs the same way (a folder
// with .claude-plugin/plugin.json), and `<marketplace>#<plugin>` installs one plugin of a Claude
// Code marketplace (.claude-plugin/marketplace.json) that the source holds.
import { join } from "node:path";
import { claudePluginSummary } from "./claude-plugin-summary.js";
import {
  identity,
  installedDir,
  installSource,
  isInstalled,
  isPinned,
  marketplaceOf,
  marketplacePlugin,
  packageResources,
  parseSource,
  readPackages,
  sourceOf,
  uninstallSource,
  writePackages,
  type PackageEntry,
} from "../lib/packages/index.js";

interface Scope {
  name: "global" | "project";
  settings: string;
  root: string;
  base: string;
}

const USAGE = `usage:
  pi install <source> [-l]   npm:pkg[@version], git:host/user/repo[@ref], https://… or ssh://… git URLs, a local path
                             (a pi package or a Claude Code plugin); <source>#<plugin>: a plugin of a Claude Code marketplace
  pi remove <source> [-l]
  pi update [source]         reinstall unpinned packages (or one)
  pi list
  -l, --local                the project's .pi/settings.json instead of the global settings`;

export async function packagesCommand(argv: string[], o: { cwd: string; agentDir: string }): Promise<number> {
  const [command, ...rest] = argv;
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const local = rest.some((a) => a === "-l" || a === "--local");
  const args = rest.filter((a) => !a.startsWith("-"));
  const global: Scope = { name: "global", settings: join(o.agentDir, "settings.json"), root: o.agentDir, base: o.agentDir };
  const project: Scope = {
    name: "project",
    settings: join(o.cwd, ".pi", "settings.json"),
    root: join(o.cwd, ".pi"),
    base: join(o.cwd, ".pi"),
  };
  const scope = local ? project : global;
  try {
    if (command === "list") return list([global, project]);
    if (command === "update") return await update(local ? [project] : [global, project], args[0], o.cwd);
    if (!args[0]) {
      process.stderr.write(`${USAGE}\n`);
      return 1;
    }
    if (command === "install") return await install(scope, args[0], o.cwd);
    return remove(scope, args[0], o.cwd);
  } catch (error) {
    process.stderr.write(`pi ${command}: ${(error as Error).message}\n`);
    return 1;
  }
}

async function install(scope: Scope, spec: string, cwd: string): Promise<number> {
  // Local paths are written as given on the command line, resolved from where pi runs.
  const source = parseSource(spec, cwd);
  if (source.plugin) {
    // A marketplace's plugin kept elsewhere is installed from where it lives, as that source.
    const market = await installSource(marketplaceOf(source), scope.root);
    const found = marketplacePlugin(market, source.plugin);
    if (found.kind === "source") {
      process.stdout.write(`${source.plugin} (marketplace ${marketplaceOf(source).spec}) is ${found.spec}\n`);
      return install(scope, found.spec, cwd);
    }
  }
  const stored = source.kind === "local" ? `${source.path}${source.plugin ? `#${source.plugin}` : ""}` : spec;
  const dir = await installSource(source, scope.root);
  const resources = packageResources(dir);
  const entries = readPackages(scope.settings).filter((e) => !sameSource(e, stored, scope, cwd));
  writePackages(scope.settings, [...entries, stored]);
  const claude = claudePluginSummary(dir);
  const counts = claude
    ? claude
    : Object.entries(resources)
        .map(([k, v]) => `${v.length} ${k}`)
        .join(", ");
  process.stdout.write(`Installed ${stored} (${scope.name}): ${counts}\n`);
  return 0;
}

function remove(scope: Scope, spec: string, cwd: string): number {
  const entries = readPackages(scope.settings);
  const match = entries.find((e) => sameSource(e, spec, scope, cwd));
  if (!match) {
    process.stderr.write(`pi remove: ${spec} is not in the ${scope.name} packages (${scope.settings})\n`);
    return 1;
  }
  const source = parseSource(sourceOf(match), scope.base);
  // A marketplace installed for several of its plugins stays until the last of them goes.
  const market = identity(marketplaceOf(source));
  const shared = entries.some((e) => e !== match && tryMarketplace(e, scope) === market);
  if (!shared) uninstallSource(source, scope.root);
  writePackages(
    scope.settings,
    entries.filter((e) => e !== match),
  );
  process.stdout.write(`Removed ${sourceOf(match)} (${scope.name})\n`);
  return 0;
}

async function update(scopes: Scope[], only: string | undefined, cwd: string): Promise<number> {
  let failed = 0;
  for (const scope of scopes) {
    for (const entry of readPackages(scope.settings)) {
      const source = parseSource(sourceOf(entry), scope.base);
      if (only ? !sameSource(entry, only, scope, cwd) : isPinned(source) || source.kind === "local") continue;
      try {
        await installSource(source, scope.root);
        process.stdout.write(`Updated ${sourceOf(entry)} (${scope.name})\n`);
      } catch (error) {
        failed++;
        process.stderr.write(`pi update: ${sourceOf(entry)}: ${(error as Error).message}\n`);
      }
    }
  }
  return failed ? 1 : 0;
}

function list(scopes: Scope[]): number {
  for (const scope of scopes) {
    const entries = readPackages(scope.settings);
    process.stdout.write(`${scope.name} (${scope.settings}):${entries.length ? "" : " none"}\n`);
    for (const entry of entries) {
      const source = parseSource(sourceOf(entry), scope.base);
      const state = isInstalled(source, scope.root) ? installedDir(source, scope.root) : "not installed";
      process.stdout.write(`  ${sourceOf(entry)}  ${state}\n`);
    }
  }
  return 0;
}

function sameSource(entry: PackageEntry, spec: string, scope: Scope, cwd: string): boolean {
  try {
    return identity(parseSource(sourceOf(entry), scope.base)) === identity(parseSource(spec, cwd));
  } catch {
    return sourceOf(entry) === spec;
  }
}

function tryMarketplace(entry: PackageEntry, scope: Scope): string | undefined {
  try {
    return identity(marketplaceOf(parseSource(sourceOf(entry), scope.base)));
  } catch {
    return undefined;
  }
}
