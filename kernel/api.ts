// The per-plugin `api` object. During setup everything a plugin does is staged, so a plugin that
// throws halfway leaves no taps or registrations behind; after a swap the object goes stale and
// every use of it throws an error that names the plugin.
import type { AgentActions, AgentView, Kind, PluginApi, PluginDef } from "./define.js";
import type { Generation } from "./generation.js";
import { errorText, tapHook } from "./hooks.js";

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
}

export class StaleApiError extends Error {
  constructor(plugin: string) {
    super(`Plugin "${plugin}" used its API after it was reloaded or unloaded; use the api passed to the new setup()`);
    this.name = "StaleApiError";
  }
}

const KINDS: Kind[] = ["provider", "tool", "command", "theme", "compactor", "surface", "shortcut", "messageRenderer"];

export interface PluginScope {
  api: PluginApi;
  commit(): void;
  discard(): Promise<void>;
}

export function createPluginScope(gen: Generation, def: PluginDef, k: KernelContext): PluginScope {
  const name = def.name;
  let staging = true;
  const pending: (() => void)[] = [];
  const ownDisposers: (() => unknown)[] = [];
  const stage = (apply: () => void) => (staging ? pending.push(apply) : apply());
  const report = gen.report;
  const raw: PluginApi = {
    name,
    cwd: k.cwd,
    agentDir: k.agentDir,
    settings: k.settings,
    flags: k.flags,
    on: (hook, fn, opts = {}) => stage(() => tapHook(gen.hooks, hook, name, fn, opts, report)),
    register: Object.fromEntries(KINDS.map((kind) => [
      kind, (def: never) => stage(() => gen.registry.add(kind, name, def, report)),
    ])) as PluginApi["register"],
    registry: {
      get: (kind, key) => gen.registry.get(kind, key),
      list: (kind) => gen.registry.list(kind),
      owner: (kind, key) => gen.registry.owner(kind, key),
    },
    services: {
      provide: (service, impl) => stage(() => gen.services.set(service, { owner: name, impl })),
      use: (service) => gen.use(service, name),
      get: (service) => gen.services.get(service)?.impl as never,
      has: (service) => gen.services.has(service),
    },
    actions: k.actions,
    agent: k.agent,
    log: {
      info: (message) => report({ level: "info", plugin: name, message }),
      warn: (message) => report({ level: "warning", plugin: name, message }),
      error: (message, error) => report({ level: "error", plugin: name, message: error ? `${message}: ${errorText(error)}` : message, error }),
    },
    diagnose: (d) => report({ ...d, plugin: name }),
    current: () => k.current(name) ?? api,
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
