// What the composition root hands every kernel, for tests that build kernels themselves: the
// shared module instances and the import aliases pi-compat declares in its manifest (a test that
// loads pi-compat inline has no discovered manifest to read them from).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti, type Jiti } from "jiti";
import { sharedModules } from "../../compose/shared-modules.js";

const PI_COMPAT = fileURLToPath(new URL("../../plugins/pi-compat/", import.meta.url));

export function piCompatAliases(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(PI_COMPAT, "package.json"), "utf8")) as {
    "pi-kernel": { importAliases: Record<string, string> };
  };
  return Object.fromEntries(Object.entries(manifest["pi-kernel"].importAliases).map(([name, rel]) => [name, resolve(PI_COMPAT, rel)]));
}

/**
 * pi-compat's TypeScript modules (`@mariozechner/pi-tui` -> modules/tui.ts, ...), each evaluated
 * once per worker, by file. An installed pi-kernel aliases pi's names to their compiled copies in
 * dist/, which jiti imports natively, so Node's module cache shares one instance between every
 * extension and every reload. Here the aliases name the sources, and the loader's jiti (its module
 * cache off, so that a user's edited file is really re-read) re-resolved and re-ran their whole
 * graph (lib/tui, a copy of the kernel, ...) on every extension load: ~60% of
 * test/ui/surface-api.test.ts's CPU, mostly in jiti's module resolution. Served as virtual modules
 * they load as they do installed: once, shared. The users' files still load fresh.
 */
let load: ((file: string) => unknown) | undefined;

/**
 * A loader of those modules: one jiti, each alias file evaluated once (with its own graph). Its
 * module cache is off: with it on, jiti takes any module Node's require cache holds for a path
 * (`loaded` is its only check), and in a worker that runs file after file that cache is shared with
 * every earlier test file, their jitis and Node's own require(esm), whose failures leave entries
 * behind (unjs/jiti#346). That is the likeliest way a CI run got lib/tui's strip-ansi as an object
 * without its default export ("_stripAnsi.default is not a function" in every footer the worker
 * drew); it never showed on five local runs. Off, nothing outside these files reaches them.
 */
export function stableModuleLoader(modules: Record<string, unknown>, aliases: Record<string, string>): (file: string) => unknown {
  const stable = new Map<string, unknown>();
  let jiti: Jiti | undefined;
  return (file) => {
    jiti ??= createJiti(import.meta.url, { interopDefault: false, moduleCache: false, alias: aliases, virtualModules: modules });
    if (!stable.has(file)) stable.set(file, jiti(file));
    return stable.get(file);
  };
}

function withStableModules(modules: Record<string, unknown>, aliases: Record<string, string>): Record<string, unknown> {
  load ??= stableModuleLoader(modules, aliases);
  for (const [name, file] of Object.entries(aliases)) {
    if (file.endsWith(".ts")) Object.defineProperty(modules, name, { get: () => load?.(file) });
  }
  return modules;
}

export async function kernelModules(): Promise<{ modules: Record<string, unknown>; aliases: Record<string, string> }> {
  const aliases = piCompatAliases();
  return { modules: withStableModules(await sharedModules(), aliases), aliases };
}
