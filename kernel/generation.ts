// A plugin generation: fresh hooks, registries, services and validator, and the plugins set up
// into them. Built off to the side while the previous generation keeps serving, then swapped in
// with one assignment by the host.
import { createPluginScope, type KernelContext } from "./api.js";
import type { PluginApi, PluginDef } from "./define.js";
import { DiagnosticCode, errorText, sleep, withTimeout } from "./errors.js";
import { createHooks, type Report } from "./hooks.js";
import { Registry } from "./registry.js";
import { type PlainCheck, SchemaValidator } from "./schema.js";
import type { Diagnostic } from "./types.js";

/** Where a plugin came from; `root` is what the watcher watches for it. */
export interface PluginSource {
  file: string;
  /** Compiled JavaScript for a built-in plugin, imported natively at start-up. */
  compiled?: string;
  root: string;
  origin: "package" | "user" | "project" | "cli" | "inline";
  /** Import aliases its package declares (module name -> file), applied to every plugin. */
  aliases?: Record<string, string>;
  /** The name a pi extension (a bare factory) gets: composition gives package + entry file. */
  name?: string;
}
export interface LoadedPlugin {
  def: PluginDef;
  source: PluginSource;
  /** The last good version, tried when this one fails to set up. */
  fallback?: LoadedPlugin;
}

/** Import and setup limit of one plugin; settings.json `pluginLoadTimeoutMs` changes it. */
export const loadTimeoutMs = (settings: Record<string, unknown>) => Number(settings.pluginLoadTimeoutMs) || 30_000;
const DISPOSE_BUDGET_MS = 5_000;

export class Generation {
  readonly hooks = createHooks();
  readonly registry = new Registry();
  readonly validator: SchemaValidator;
  readonly services = new Map<string, { owner: string; impl: unknown }>();
  readonly plugins = new Map<string, LoadedPlugin>();
  readonly apis = new Map<string, PluginApi>();
  readonly disposers: { plugin: string; fn: () => unknown }[] = [];
  /** Set once retired: every API object handed out by this generation then throws. */
  stale = false;

  constructor(readonly id: number, readonly report: Report, plainArgs?: PlainCheck) {
    this.validator = new SchemaValidator(plainArgs);
  }

  use<T>(name: string, by: string): T {
    const entry = this.services.get(name);
    if (!entry) throw new Error(`Service "${name}" is not provided (asked for by plugin ${by})`);
    return entry.impl as T;
  }

  /** Shutdown hook, then disposers last-in first-out within a time budget, then stale APIs. */
  async retire(reason: string): Promise<void> {
    await this.hooks.shutdown.promise(reason);
    const deadline = Date.now() + DISPOSE_BUDGET_MS;
    for (const { plugin, fn } of this.disposers.reverse()) {
      const left = deadline - Date.now();
      try {
        await Promise.race([Promise.resolve().then(fn), sleep(Math.max(left, 0))]);
      } catch (error) {
        this.report({ level: "error", code: DiagnosticCode.dispose, plugin, where: "dispose",
          message: `${plugin}: dispose failed: ${errorText(error)}`, error });
      }
    }
    this.stale = true;
  }
}

/** Sets plugins up in dependency order; a failing plugin falls back to its last good version. */
export async function buildGeneration(
  id: number, plugins: LoadedPlugin[], k: KernelContext, report: Report,
): Promise<{ gen: Generation; failed: string[] }> {
  const gen = new Generation(id, report, k.plainArgs);
  const failed: string[] = [];
  for (const plugin of order(plugins, report)) {
    let candidate: LoadedPlugin | undefined = plugin;
    while (candidate) {
      const problem = await setUp(gen, candidate, k);
      if (!problem) {
        gen.plugins.set(candidate.def.name, candidate);
        break;
      }
      report({ level: "error", code: problem.code, plugin: candidate.def.name, where: candidate.source.file, message: problem.message });
      if (candidate === plugin) failed.push(plugin.def.name);
      candidate = candidate.fallback;
      if (candidate) report({ level: "warning", code: DiagnosticCode.keptLastGood, plugin: plugin.def.name, where: candidate.source.file,
        message: `${plugin.def.name}: keeping the last good version` });
    }
  }
  return { gen, failed };
}

interface SetupProblem { code: string; message: string }

async function setUp(gen: Generation, plugin: LoadedPlugin, k: KernelContext): Promise<SetupProblem | undefined> {
  const { def } = plugin;
  const missing = (def.requires ?? []).filter((s) => !gen.services.has(s));
  if (missing.length > 0) {
    return { code: DiagnosticCode.missingService,
      message: `${def.name}: not loaded, it requires service(s) ${missing.join(", ")} that no plugin provides` };
  }
  const scope = createPluginScope(gen, def, k, !plugin.source.compiled);
  try {
    await withTimeout(Promise.resolve().then(() => def.setup(scope.api)), loadTimeoutMs(k.settings), "setup timed out", true);
    scope.commit();
    return undefined;
  } catch (error) {
    await scope.discard();
    return { code: DiagnosticCode.pluginSetup, message: `${def.name}: setup failed in ${plugin.source.file}: ${errorText(error)}` };
  }
}

/** Stable topological order: `after` names and required services first, else discovery order. */
function order(plugins: LoadedPlugin[], report: Report): LoadedPlugin[] {
  const byName = new Map<string, LoadedPlugin>();
  for (const p of plugins) {
    if (byName.has(p.def.name)) {
      report({ level: "warning", code: DiagnosticCode.pluginReplaced, plugin: p.def.name, where: p.source.file,
        message: `plugin "${p.def.name}" from ${p.source.file} replaces the one from ${byName.get(p.def.name)!.source.file}` });
      byName.delete(p.def.name);
    }
    byName.set(p.def.name, p);
  }
  const list = [...byName.values()];
  const deps = new Map(list.map((p) => [p, new Set<LoadedPlugin>()]));
  for (const p of list) {
    for (const a of p.def.after ?? []) if (byName.has(a)) deps.get(p)!.add(byName.get(a)!);
    // A required service, or a service named in `after`, orders its provider first.
    for (const s of [...(p.def.requires ?? []), ...(p.def.after ?? [])]) {
      for (const q of list) if (q !== p && q.def.provides?.includes(s)) deps.get(p)!.add(q);
    }
  }
  const out: LoadedPlugin[] = [];
  const done = new Set<LoadedPlugin>();
  while (out.length < list.length) {
    const next = list.find((p) => !done.has(p) && [...deps.get(p)!].every((d) => done.has(d)));
    const pick = next ?? list.find((p) => !done.has(p))!;
    if (!next) report({ level: "warning", code: DiagnosticCode.dependencyCycle, plugin: pick.def.name, where: "order",
      message: `dependency cycle involving ${pick.def.name}; loading it in discovery order` });
    done.add(pick);
    out.push(pick);
  }
  return out;
}

export type { Diagnostic };
