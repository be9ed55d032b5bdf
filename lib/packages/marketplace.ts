// Claude Code marketplaces (`.claude-plugin/marketplace.json`: a name, an owner and a list of
// plugins, each with a `source`), read so that `pi install <marketplace>#<plugin>` installs one of
// their plugins. A plugin kept in the marketplace's own repository (a relative `source`, under
// `metadata.pluginRoot` when that is set) is a package inside the installed marketplace: the
// settings entry keeps `<marketplace>#<plugin>`. A plugin kept elsewhere (`{"source": "github",
// "repo"}`, `{"source": "url", "url"}`, `{"source": "npm", "package"}`) is the pi source it names.
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";

export const MARKETPLACE = join(".claude-plugin", "marketplace.json");

export type MarketplacePlugin = { kind: "path"; dir: string } | { kind: "source"; spec: string };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Where the marketplace in `dir` keeps the plugin `name`; throws, naming what is wrong or which plugins it has. */
export function marketplacePlugin(dir: string, name: string): MarketplacePlugin {
  const file = join(dir, MARKETPLACE);
  if (!existsSync(file)) throw new Error(`${dir} is not a Claude Code marketplace (no ${MARKETPLACE})`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const plugins = isObject(json) && Array.isArray(json.plugins) ? json.plugins.filter(isObject) : [];
  const entry = plugins.find((p) => p.name === name);
  if (!entry) {
    const names = plugins.map((p) => String(p.name)).join(", ");
    throw new Error(`marketplace ${file} has no plugin "${name}"${names ? ` (it has: ${names})` : ""}`);
  }
  const where = `${file}: plugin "${name}"`;
  const source = entry.source;
  if (typeof source === "string") {
    const pluginRoot =
      isObject(json) && isObject(json.metadata) && typeof json.metadata.pluginRoot === "string" ? json.metadata.pluginRoot : ".";
    const target = resolve(dir, source.startsWith("./") || source.startsWith("../") ? "." : pluginRoot, source);
    const rel = relative(dir, target);
    if (rel.startsWith("..") || isAbsolute(rel)) throw new Error(`${where}: source ${source} leaves the marketplace's folder`);
    return { kind: "path", dir: target };
  }
  if (!isObject(source)) throw new Error(`${where}: "source" must be a path or an object`);
  const ref = typeof source.ref === "string" ? `@${source.ref}` : typeof source.sha === "string" ? `@${source.sha}` : "";
  if (source.source === "github" && typeof source.repo === "string") return { kind: "source", spec: `git:github.com/${source.repo}${ref}` };
  if (source.source === "url" && typeof source.url === "string") return { kind: "source", spec: `${source.url}${ref}` };
  if (source.source === "npm" && typeof source.package === "string") {
    const version = typeof source.version === "string" ? `@${source.version}` : "";
    return { kind: "source", spec: `npm:${source.package}${version}` };
  }
  throw new Error(`${where}: a source of kind "${String(source.source)}" cannot be installed by pi (use git:, npm: or a path)`);
}

/** The folder of a plugin kept in the marketplace's own repository (one kept elsewhere throws). */
export function marketplacePluginDir(dir: string, name: string): string {
  const found = marketplacePlugin(dir, name);
  if (found.kind === "path") return found.dir;
  throw new Error(`plugin "${name}" of marketplace ${dir} lives at ${found.spec}: install that (pi install ${found.spec})`);
}
