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
let aliases: Record<string, string> = {};

/** Module names resolved to other files for every plugin (pi-compat maps pi's packages here). */
export function setImportAliases(map: Record<string, string>): void {
  aliases = { ...map };
  jiti = undefined;
}

async function getJiti(): Promise<Jiti> {
  jiti ??= (async () => {
    const [{ createJiti }, kernel, typebox] = await Promise.all([
      import("jiti"), import("./index.js"), import("#typebox"),
    ]);
    return createJiti(import.meta.url, {
      moduleCache: false,
      interopDefault: true,
      alias: aliases,
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
  // A bare factory is a pi extension: the pi-compat plugin (a service) gives it pi's API.
  if (typeof value === "function") {
    const name = nameOf(source);
    return { name, after: ["pi-compat"], setup(api) {
      if (!api.services.has("pi-compat")) throw new Error(`${name} is a pi extension (a default-exported factory); add the pi-compat plugin to this agent's pi-packages.json to run it`);
      return api.services.use<{ load(f: unknown, a: unknown, s: PluginSource): unknown }>("pi-compat").load(value, api, source) as void;
    } };
  }
  throw new Error(`${source.file} does not export a plugin: use export default definePlugin({ name, setup(api) { ... } })`);
}

/** `index` files take their package's name (pi-aliases/src/index.ts is "pi-aliases"). */
function nameOf({ file, root }: PluginSource): string {
  const base = basename(file).replace(/\.[cm]?[jt]s$/, "");
  if (base !== "index") return base;
  return basename(root && root !== file ? root : dirname(file));
}
