// The per-plugin `api` object. During setup everything a plugin does is staged, so a plugin that
// throws halfway leaves no taps or registrations behind; after a swap the object goes stale and
// every use of it throws an error that names the plugin.
import type { AgentActions, AgentView, Kind, PluginApi, PluginDef } from "./define.js";
import { DiagnosticCode, errorText, StaleApiError } from "./errors.js";
import type { Generation } from "./generation.js";
import { tapHook } from "./hooks.js";
import type { PlainCheck } from "./schema.js";

/** What the host shares with every plugin of every generation. */
export interface KernelContext {
  cwd: string;
  agentDir: string;
  settings: Record<string, unknown>;
  flags: Record<string, unknown>;
  actions: AgentActions;
  agent: AgentView;
  /** The api of a plugin in the current generation. */
  current(plugin: string): PluginApi | undefined;
  /** The plugin's state kept across generations (`api.keep`). */
  kept(plugin: string): Map<string, unknown>;
  /** The ajv-free check for plainly valid tool arguments, if the composition root gave one. */
  plainArgs?: PlainCheck;
}

export interface PluginScope {
  api: PluginApi;
  commit(): void;
  discard(): Promise<void>;
}

/** `checkSchemas`: compile each tool's schema at registration (users' plugins; built-ins are tested). */
export function createPluginScope(gen: Generation, def: PluginDef, k: KernelContext, checkSchemas = false): PluginScope {
  const name = def.name;
  let staging = true;
  const pending: (() => void)[] = [];
  const ownDisposers: (() => unknown)[] = [];
  const stage = (apply: () => void) => (staging ? pending.push(apply) : apply());
  const report = gen.report;
  const declared = undeclaredCheck(def, report);
  const raw: PluginApi = {
    name,
    cwd: k.cwd,
    agentDir: k.agentDir,
    settings: k.settings,
    flags: k.flags,
    on: (hook, fn, opts = {}) => stage(() => tapHook(gen.hooks, hook, name, fn, opts, report)),
    // Any kind name works: the kernel stores what it does not know by meaning.
    register: new Proxy({}, {
      get: (_t, kind) => (typeof kind === "string"
        ? (def: never) => (kind === "tool" && checkSchemas && badSchema(gen, name, def))
          || stage(() => gen.registry.add(kind as Kind, name, def, report))
        : undefined),
    }) as PluginApi["register"],
    registry: {
      get: (kind, key) => gen.registry.get(kind, key),
      list: (kind) => gen.registry.list(kind),
      owner: (kind, key) => gen.registry.owner(kind, key),
    },
    services: {
      provide: (service: string, impl: unknown) => stage(() => gen.services.set(service, { owner: name, impl })),
      use: (service: string) => (declared(service), gen.use(service, name)),
      get: (service: string) => (declared(service), gen.services.get(service)?.impl as never),
      has: (service: string) => (declared(service), gen.services.has(service)),
    } as PluginApi["services"],
    actions: k.actions,
    agent: k.agent,
    log: {
      info: (message) => report({ level: "info", plugin: name, message }),
      warn: (message) => report({ level: "warning", plugin: name, message }),
      error: (message, error) => report({ level: "error", plugin: name, message: error ? `${message}: ${errorText(error)}` : message,
        error }),
    },
    diagnose: (d) => report({ ...d, plugin: name }),
    current: () => k.current(name) ?? api,
    keep: <T>(key: string, init: () => T): T => {
      const kept = k.kept(name);
      return (kept.has(key) ? kept.get(key) : kept.set(key, init()).get(key)) as T;
    },
    onDispose: (fn) => {
      // Disposers registered during a setup that fails still run, so half-acquired resources go.
      if (staging) ownDisposers.push(fn);
      else gen.disposers.push({ plugin: name, fn });
    },
  };
  const api = guard(raw, () => gen.stale, name);
  return {
    api,
    commit() {
      staging = false;
      gen.apis.set(name, api);
      for (const apply of pending) apply();
      for (const fn of ownDisposers) gen.disposers.push({ plugin: name, fn });
    },
    async discard() {
      for (const fn of ownDisposers.reverse()) {
        try { await fn(); } catch { /* the setup failure is what gets reported */ }
      }
    },
  };
}

/** A tool schema ajv cannot compile is refused (reported, never sent to a model). */
function badSchema(gen: Generation, plugin: string, tool: { name?: string; parameters?: unknown }): boolean {
  const problem = tool.parameters === undefined ? undefined : gen.validator.problem(tool.parameters as never);
  if (problem) gen.report({ level: "error", code: DiagnosticCode.refused, plugin, where: "register.tool",
    message: `${plugin}: tool "${tool.name}" not registered, its parameters are not a valid JSON schema: ${problem}` });
  return problem !== undefined;
}

/** Reports (once per service) a lookup the plugin's definition does not declare, as Fastify does. */
function undeclaredCheck(def: PluginDef, report: Generation["report"]): (service: string) => void {
  const known = new Set([...(def.requires ?? []), ...(def.uses ?? []), ...(def.provides ?? [])]);
  return (service) => {
    if (known.has(service) || known.has("*")) return;
    known.add(service);
    report({
      level: "info", code: DiagnosticCode.undeclaredService, plugin: def.name, where: `services.${service}`,
      message: `${def.name} looked up service "${service}" without declaring it: add it to requires or uses`,
    });
  };
}

/** Wraps every property access (at any depth) so a retired generation's API throws. */
function guard<T extends object>(target: T, isStale: () => boolean, plugin: string): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (isStale() && prop !== "current") throw new StaleApiError(plugin);
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          if (isStale() && prop !== "current") throw new StaleApiError(plugin);
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
