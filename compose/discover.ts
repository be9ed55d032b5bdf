// Finding plugin entry files (composition policy, so it lives here and not in the kernel, which
// only asks its `discover` function): the packages named in pi-packages.json (the composed
// agent), then the user's and the project's extension dirs, then `-e` paths. Later plugins override earlier
// ones, so a user's tool replaces a built-in of the same name.
import { existsSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { PluginSource } from "../kernel/index.js";
import { inPackageJsonPass, packageResources, readPackageJson } from "../lib/packages/index.js";
import { joinRelative, relativeInside } from "../lib/path-kit/index.js";
import { asBuiltin, isInside } from "./builtin-plugins.js";
import { inImageCopy } from "./compiled-modules.js";
import { isPartOf } from "./module-graph.js";
import { withIdentities } from "./plugin-identity.js";

export interface DiscoverOptions {
  cwd: string;
  agentDir: string;
  /** The pi-kernel install root: plugins under it start from their compiled dist/ copy. */
  packageRoot?: string;
  /** `-e` paths (files or package dirs). */
  extensionPaths?: string[];
  /** `--no-extensions`: skip the user and project dirs (explicit -e paths still load). */
  noExtensions?: boolean;
  /** The composed packages' entry files (pi-packages.json and settings packages), filters applied; they load first. */
  packageSources?(): Promise<PluginSource[]>;
  /** `.pi/extensions` loads only while this says the project is trusted (asked on every load). */
  projectTrusted?(): boolean;
  /** Whether an auto-discovered extension is switched on (the settings' `extensions` overrides `pi config` writes). */
  autoEnabled?(file: string, scope: "user" | "project"): boolean;
  /** The run's mode (print, json, rpc, acp, interactive): packages made for other modes only are not loaded. */
  mode?: string;
  /** A `-e` path that is not there: without this, an error (start-up); with it, the plugin is left out (a reload). */
  missing?(path: string): void;
}

type Origin = PluginSource["origin"];

export function extensionDirs(o: DiscoverOptions): string[] {
  if (o.noExtensions) return [];
  const project = o.projectTrusted?.() === false ? [] : [join(o.cwd, ".pi", "extensions")];
  return [join(o.agentDir, "extensions"), ...project];
}

export function discoverPlugins(o: DiscoverOptions): Promise<PluginSource[]> {
  return inPackageJsonPass(() => discoverInPass(o));
}

async function discoverInPass(o: DiscoverOptions): Promise<PluginSource[]> {
  const out: PluginSource[] = [];
  if (o.packageSources) out.push(...(await o.packageSources()));
  const [userDir, projectDir] = extensionDirs(o);
  const on = (scope: "user" | "project") => (s: PluginSource) => o.autoEnabled?.(s.file, scope) ?? true;
  if (userDir) out.push(...(await dirEntries(userDir, "user")).filter(on("user")));
  if (projectDir) out.push(...(await dirEntries(projectDir, "project")).filter(on("project")));
  for (const path of o.extensionPaths ?? []) {
    const abs = resolve(o.cwd, path);
    if (!existsSync(abs)) {
      if (!o.missing) throw new Error(`Extension not found: ${path}`);
      o.missing(path);
      continue;
    }
    // A folder loads as an installed package does (its skills, prompts and themes: compose/agent-packages.ts).
    const files = (await stat(abs)).isDirectory() ? packageResources(abs, undefined, { folderIsModule: true }).extensions : [abs];
    out.push(...files.map((file) => ({ file, root: abs, origin: "cli" as const })));
  }
  // A built-in reached through a symlink or another checkout is the install's own (compiled) one.
  // The same file named twice (a built-in also given with -e) loads once, at its last place.
  const mapped = o.packageRoot ? out.map((s) => asBuiltin(s, o.packageRoot!)) : out;
  const sources = withIdentities(mapped.filter((s, i) => !mapped.slice(i + 1).some((later) => later.file === s.file)));
  const manifests = readManifests(sources);
  const needed = withoutIdleHosts(forMode(sources, manifests, o.mode), manifests, o.packageRoot);
  const withAliases = declaredAliases(needed, manifests, o.packageRoot);
  return o.packageRoot ? withAliases.map((s) => withCompiled(s, o.packageRoot!)) : withAliases;
}

type Manifests = Map<string, Readonly<Record<string, unknown>> | undefined>;

/** Each package's package.json (by root; a single-file plugin has none), as composing the packages already read it. */
function readManifests(sources: PluginSource[]): Manifests {
  const roots = [...new Set(sources.map((s) => s.root).filter((root) => !!root))];
  return new Map(roots.map((root) => [root, /\.[cm]?[jt]s$/.test(root) ? undefined : readPackageJson(root)]));
}

const kernelManifest = (manifests: Manifests, root: string) =>
  manifests.get(root)?.["pi-kernel"] as { importAliases?: Record<string, string>; modes?: string[]; extensionHost?: boolean } | undefined;

/**
 * Without the packages made only for other modes (`"pi-kernel": {"modes": [...]}`): a print run
 * does not load the interactive UI or the RPC and ACP servers. No mode given: all load.
 */
function forMode(sources: PluginSource[], manifests: Manifests, mode: string | undefined): PluginSource[] {
  if (!mode) return sources;
  return sources.filter((s) => {
    const modes = kernelManifest(manifests, s.root)?.modes;
    return !Array.isArray(modes) || modes.includes(mode);
  });
}

/**
 * Without the packages that only host other plugins (`"pi-kernel": {"extensionHost": true}`:
 * pi-compat, which runs pi extensions) when every plugin of the run is one of the install's own:
 * a run with no extension, no `-e` and no added package does not load pi's extension API (~2 ms
 * of start-up). Discovery runs again on every reload, so an extension dropped into a watched
 * folder brings its host with it. Without an install root to tell built-ins by, all load.
 */
function withoutIdleHosts(sources: PluginSource[], manifests: Manifests, packageRoot?: string): PluginSource[] {
  if (!packageRoot) return sources;
  const builtins = join(packageRoot, "plugins");
  const hosts = (s: PluginSource) => kernelManifest(manifests, s.root)?.extensionHost === true;
  if (sources.some((s) => !hosts(s) && !isInside(builtins, s.file))) return sources;
  return sources.filter((s) => !hosts(s));
}

/**
 * Import aliases a package declares in its manifest (`"pi-kernel": {"importAliases": {name: path}}`,
 * paths relative to the package): how pi-compat maps pi's module names to its own modules
 * without the kernel or the CLI knowing about it. A compiled copy is preferred when present.
 */
function declaredAliases(sources: PluginSource[], manifests: Manifests, packageRoot?: string): PluginSource[] {
  const byRoot = new Map<string, Record<string, string> | undefined>();
  for (const s of sources) {
    if (!s.root || byRoot.has(s.root)) continue;
    const declared = kernelManifest(manifests, s.root)?.importAliases;
    byRoot.set(
      s.root,
      declared &&
        Object.fromEntries(
          Object.entries(declared).map(([name, rel]) => {
            const file = resolve(s.root, rel);
            return [name, packageRoot ? (withCompiled({ file, root: s.root, origin: s.origin }, packageRoot).compiled ?? file) : file];
          }),
        ),
    );
  }
  return sources.map((s) => (byRoot.get(s.root) ? { ...s, aliases: byRoot.get(s.root) } : s));
}

/** A pi package: package.json `pi.extensions`, else `extensions/`, else index.ts / index.js. */
async function packageEntries(dir: string, origin: Origin): Promise<PluginSource[]> {
  const manifest = readPackageJson(dir);
  const listed = (manifest?.pi as { extensions?: string[] } | undefined)?.extensions;
  if (listed) return listed.map((rel) => ({ file: resolve(dir, rel), root: dir, origin }));
  const conventional = join(dir, "extensions");
  if (existsSync(conventional)) return (await scriptFiles(conventional)).map((file) => ({ file, root: dir, origin }));
  const index = ["index.ts", "index.js"].map((f) => join(dir, f)).find((f) => existsSync(f));
  return index ? [{ file: index, root: dir, origin }] : [];
}

/** An extensions dir: direct script files, and one level of package subdirectories. */
async function dirEntries(dir: string, origin: Origin): Promise<PluginSource[]> {
  if (!existsSync(dir)) return [];
  const out: PluginSource[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isFile() && isScript(entry.name)) out.push({ file: path, root: path, origin });
    else if (entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
      out.push(...(await packageEntries(path, origin)));
  }
  return out;
}

async function scriptFiles(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter(isScript)
    .sort()
    .map((n) => join(dir, n));
}

function isScript(name: string): boolean {
  return /\.(ts|js|mjs)$/.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".test.ts");
}

function withCompiled(source: PluginSource, packageRoot: string): PluginSource {
  const rel = relativeInside(packageRoot, source.file);
  if (rel === undefined || rel.startsWith("..") || rel.split(sep)[0] === "dist" || !rel.endsWith(".ts")) return source;
  const compiled = joinRelative(packageRoot, `dist/${rel.split(sep).join("/").replace(/\.ts$/, ".js")}`);
  // A built-in the start-up image holds loads from there: no stat of its dist/ file (45 at every start).
  return inImageCopy(compiled, packageRoot) || existsSync(compiled) ? { ...source, compiled } : source;
}

/** What `createKernel` needs to discover with these options (skipped entirely with `noDiscovery`), and to tell which changes matter. */
export function withDiscovery(o: DiscoverOptions & { noDiscovery?: boolean; watchPaths?: string[] }): {
  discover(changed?: readonly string[]): Promise<PluginSource[]>;
  watchDirs: string[];
  partOf(source: PluginSource, file: string): boolean;
  composes(file: string): boolean;
} {
  // Built-ins (compiled) are the program itself: none of their files is watched.
  const partOf = (source: PluginSource, file: string) => !source.compiled && source.origin !== "inline" && isPartOf(source, file);
  if (o.noDiscovery) return { discover: async () => [], watchDirs: [], partOf, composes: () => false };
  const composition = new Set(o.watchPaths ?? []);
  const composes = (file: string) => composition.has(file) || extensionDirs(o).some((dir) => couldBeEntry(dir, file));
  let last: PluginSource[] | undefined;
  // Saving a loaded plugin's code cannot change what is found: reuse the last scan (~5 ms of a live edit's 50 ms budget).
  const sameFindings = (file: string) =>
    !composition.has(file) && !MANIFESTS.has(basename(file)) && isFile(file) && last!.some((s) => partOf(s, file));
  const discover = async (changed: readonly string[] = []) =>
    last && changed.length > 0 && changed.every(sameFindings) ? last : (last = await discoverPlugins(o));
  return { discover, watchDirs: [...extensionDirs(o), ...composition], partOf, composes };
}

/** Files whose edit can add or remove an entry point, or rename a plugin, even when they belong to a loaded one. */
const MANIFESTS = new Set(["package.json", "pi-packages.json"]);

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether a file in an extensions dir could change what discovery finds there: a script or a folder right in it, a
 * package's manifest or index, a script in a package's conventional `extensions/` folder. A log or a state file is not.
 */
function couldBeEntry(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  if (rel.startsWith("..") || isAbsolute(rel)) return false;
  const parts = rel.split(sep);
  const [first, second, third] = parts;
  if (parts.length === 1) return isScript(first!) || isFolder(file) || (!existsSync(file) && !/\.[^.]+$/.test(first!));
  if (parts.length === 2) return ["package.json", "index.ts", "index.js", "extensions"].includes(second!);
  return parts.length === 3 && second === "extensions" && isScript(third!);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
