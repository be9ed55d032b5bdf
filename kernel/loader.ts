// Importing a plugin module. Built-in plugins start from their compiled JavaScript (native
// import: no transpilation on the start-up path); users' TypeScript and every reload go through
// jiti with its module cache off, so an edited file is really re-read. Modules the host shares
// (the live kernel, TypeBox, toolkits) are handed to jiti as virtual modules so identity holds,
// and import aliases that packages declare in their manifests apply to every plugin.
import { basename, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import type { PluginDef } from "./define.js";
import type { PluginSource } from "./store.js";

export class PluginLoader {
  private jiti: Promise<Jiti> | undefined;
  private aliases: Record<string, string> = {};

  /**
   * `modules`: module name -> the instance every plugin gets when it imports that name;
   * `given`: aliases the host was started with, under those the packages declare;
   * `compiledModule`: a compiled built-in's module loaded the composition root's way, by its file.
   */
  constructor(private readonly modules: Record<string, unknown> = {}, private readonly given: Record<string, string> = {},
    private readonly compiledModule: (file: string) => unknown = () => undefined) {}

  /** The aliases declared by the discovered packages (re-read on every load). */
  useAliases(sources: PluginSource[]): void {
    const next: Record<string, string> = { ...this.given };
    for (const s of sources) Object.assign(next, s.aliases);
    if (JSON.stringify(next) === JSON.stringify(this.aliases)) return;
    this.aliases = next;
    this.jiti = undefined;
  }

  /** `fresh`: the file changed since it was last loaded, so skip every cache. */
  async import(source: PluginSource, fresh: boolean): Promise<PluginDef> {
    const mod = source.compiled && !fresh
      ? ((await this.compiledModule(source.compiled)) ?? (await import(pathToFileURL(source.compiled).href)))
      : await (await this.getJiti()).import(source.file);
    return toPluginDef(mod, source);
  }

  private getJiti(): Promise<Jiti> {
    const options = { moduleCache: false, interopDefault: true, alias: this.aliases, virtualModules: this.modules };
    return (this.jiti ??= import("jiti").then(({ createJiti }) => createJiti(import.meta.url, options)));
  }
}

function toPluginDef(mod: unknown, source: PluginSource): PluginDef {
  const value = (mod as { default?: unknown })?.default ?? mod;
  if (value && typeof value === "object") {
    const def = value as Partial<PluginDef>;
    if (typeof def.name === "string" && typeof def.setup === "function") return def as PluginDef;
  }
  // A bare factory (a pi extension): the plugin that provides "plugin-adapter" sets it up.
  if (typeof value === "function") {
    const name = source.name ?? nameOf(source);
    return { name, after: ["plugin-adapter"], uses: ["plugin-adapter", "*"], setup(api) {
      const adapter = api.services.get("plugin-adapter");
      if (!adapter) {
        throw new Error(`${name} is a pi extension (a default-exported factory); add the pi-compat plugin ` +
          `(or another providing "plugin-adapter") to this agent's pi-packages.json to run it`);
      }
      return adapter.adapt(value, api, source);
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
