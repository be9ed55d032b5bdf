// Importing a plugin module. Built-in plugins start from their compiled JavaScript (native
// import: no transpilation on the start-up path); users' TypeScript and every reload go through
// jiti with its module cache off, so an edited file is really re-read. The live kernel module is
// handed to jiti as a virtual module so plugins share the host's kernel instance.
import { basename, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import type { PluginDef } from "./define.js";
import type { PluginSource } from "./generation.js";

let jiti: Promise<Jiti> | undefined;

async function getJiti(): Promise<Jiti> {
  jiti ??= (async () => {
    const [{ createJiti }, kernel, typebox] = await Promise.all([
      import("jiti"), import("./index.js"), import("@sinclair/typebox"),
    ]);
    return createJiti(import.meta.url, {
      moduleCache: false,
      interopDefault: true,
      virtualModules: { "pi-kernel": kernel, "pi-kernel/kernel": kernel, "@sinclair/typebox": typebox },
    });
  })();
  return jiti;
}

/** `fresh`: the file changed since it was last loaded, so skip every cache. */
export async function importPlugin(source: PluginSource, fresh: boolean): Promise<PluginDef> {
  const mod = source.compiled && !fresh
    ? await import(pathToFileURL(source.compiled).href)
    : await (await getJiti()).import(source.file);
  return toPluginDef(mod, source);
}

function toPluginDef(mod: unknown, source: PluginSource): PluginDef {
  const value = (mod as { default?: unknown })?.default ?? mod;
  if (value && typeof value === "object") {
    const def = value as Partial<PluginDef>;
    if (typeof def.name === "string" && typeof def.setup === "function") return def as PluginDef;
  }
  // A bare factory (pi's extension style) is set up with the api it is given.
  if (typeof value === "function") return { name: nameOf(source.file), setup: value as PluginDef["setup"] };
  throw new Error(`${source.file} does not export a plugin: use export default definePlugin({ name, setup(api) { ... } })`);
}

function nameOf(file: string): string {
  const base = basename(file).replace(/\.[cm]?[jt]s$/, "");
  return base === "index" ? basename(dirname(file)) : base;
}
