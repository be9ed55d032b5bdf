// The per-plugin `api` object; it lives as long as the plugin. Lookups and actions reach the
// current snapshot; what a setup registers is staged (a setup that throws halfway leaves nothing
// behind) and committed with its reload; a registration after setup takes effect at once. Every
// registration returns its disposer. Once the plugin leaves the agent, every use throws.
import type { AgentActions, AgentView, Kind, PluginApi } from "./define.js";
import { DiagnosticCode, errorText, StaleApiError } from "./errors.js";
import type { Report } from "./hooks.js";
import { keyOf } from "./registry.js";
import type { SchemaValidator } from "./schema.js";
import type { Entry, Item, Snapshot } from "./store.js";

/** What the host shares with every plugin. */
export interface KernelContext { cwd: string; agentDir: string; settings: Record<string, unknown>; flags: Record<string, unknown>;
  actions: AgentActions; agent: AgentView }

/** What an api reaches in the host. */
export interface ApiHost {
  readonly current: Snapshot;
  readonly validator: SchemaValidator;
  report: Report;
  /** A service as a plugin being set up sees it: the staged versions of the plugins set up before it in this reload. */
  staged(service: string): { impl: unknown } | undefined;
  /** Records changed outside a setup: the next snapshot includes the change. */
  changed(): void;
}

export function createApi(entry: Entry, host: ApiHost, k: KernelContext): PluginApi {
  const name = entry.plugin.def.name;
  const report = host.report;
  const def = () => (entry.staged ?? entry).plugin.def;
  const record = (item: Item) => {
    const { items } = entry.staged ?? entry;
    items.add(item);
    if (!entry.staged) host.changed();
    return () => void (items.delete(item) && items === entry.items && host.changed());
  };
  const declared = undeclaredCheck(def, report);
  const service = (s: string) => (declared(s), entry.staged ? host.staged(s) : host.current.services.get(s));
  const raw: PluginApi = {
    ...k,
    name,
    on: (hook, fn, opts = {}) => record({ tap: hook, fn: fn as never, opts }),
    // Any kind name works: the kernel stores what it does not know by meaning.
    register: new Proxy({}, {
      get: (_t, kind) => (typeof kind === "string"
        ? (d: never) => {
          if (!keyOf(kind as Kind, d)) throw new Error(`${kind} definition has no ${kind === "provider" ? "api" : "name"}`);
          return kind === "tool" && !entry.plugin.source.compiled && badSchema(host, name, d) ? () => {}
            : record({ kind: kind as Kind, def: d, fresh: true });
        }
        : undefined),
    }) as PluginApi["register"],
    registry: {
      get: (kind, key) => host.current.registry.get(kind, key),
      list: (kind) => host.current.registry.list(kind),
      owner: (kind, key) => host.current.registry.owner(kind, key),
    },
    services: {
      provide: (s: string, impl: unknown) => record({ service: s, impl }),
      use: (s: string) => (service(s) ?? notProvided(s, name)).impl,
      get: (s: string) => service(s)?.impl as never,
      has: (s: string) => service(s) !== undefined,
    } as PluginApi["services"],
    log: { info: (message) => report({ level: "info", plugin: name, message }),
      warn: (message) => report({ level: "warning", plugin: name, message }),
      error: (message, error) => report({ level: "error", plugin: name, error,
        message: error ? `${message}: ${errorText(error)}` : message }) },
    diagnose: (d) => report({ ...d, plugin: name }),
    current: () => api,
    keep: <T>(key: string, init: () => T): T => (entry.kept.has(key) ? entry.kept.get(key) : entry.kept.set(key, init()).get(key)) as T,
    // Disposers of a setup that fails still run, so half-acquired resources go.
    onDispose: (fn) => void (entry.staged ?? entry).disposers.push(fn),
  };
  const api = guard(raw, () => entry.left, name);
  return api;
}

const notProvided = (s: string, by: string): never => {
  throw new Error(`Service "${s}" is not provided (asked for by plugin ${by})`);
};

/** A tool schema ajv cannot compile is refused (reported, never sent to a model); built-ins are tested instead. */
function badSchema(host: ApiHost, plugin: string, tool: { name?: string; parameters?: unknown }): boolean {
  const problem = tool.parameters === undefined ? undefined : host.validator.problem(tool.parameters as never);
  if (problem) host.report({ level: "error", code: DiagnosticCode.refused, plugin, where: "register.tool",
    message: `${plugin}: tool "${tool.name}" not registered, its parameters are not a valid JSON schema: ${problem}` });
  return problem !== undefined;
}

/** Reports (once per service) a lookup the plugin's definition does not declare, as Fastify does. */
function undeclaredCheck(def: () => Entry["plugin"]["def"], report: Report): (service: string) => void {
  const told = new Set<string>();
  return (service) => {
    const d = def();
    const known = [...(d.requires ?? []), ...(d.uses ?? []), ...(d.provides ?? [])];
    if (known.includes(service) || known.includes("*") || told.has(service)) return;
    told.add(service);
    report({
      level: "info", code: DiagnosticCode.undeclaredService, plugin: d.name, where: `services.${service}`,
      message: `${d.name} looked up service "${service}" without declaring it: add it to requires or uses`,
    });
  };
}

/** Wraps every property access (at any depth) so the api of a plugin that left throws. */
function guard<T extends object>(target: T, isStale: () => boolean, plugin: string): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (isStale()) throw new StaleApiError(plugin);
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          if (isStale()) throw new StaleApiError(plugin);
          return (value as (...a: unknown[]) => unknown).apply(obj, args);
        };
      }
      if (value && typeof value === "object" && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype) {
        return guard(value as object, isStale, plugin);
      }
      return value;
    },
  });
}
