// The plugin store: for each plugin, for as long as it lives, its api and what its current
// version put into the agent (taps, contributions, services, disposers). The loop never reads
// the store: it reads an immutable snapshot built from it (fresh tapable hooks, since a tap
// cannot be taken back, and a fresh registry), so a running turn keeps the snapshot it began with.
import type { Kind, PluginApi, PluginDef } from "./define.js";
import { DiagnosticCode, errorText, sleep } from "./errors.js";
import { createHooks, type HookName, type HookSignatures, type Report, type TapOptions, tapHook } from "./hooks.js";
import { Registry } from "./registry.js";
import type { SchemaValidator } from "./schema.js";

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
}

/** One record a plugin put in: a tap, a contribution (`fresh` until a snapshot reported on it) or a service. */
export type Item =
  | { tap: HookName; fn: HookSignatures[HookName]; opts: TapOptions }
  | { kind: Kind; def: unknown; fresh: boolean }
  | { service: string; impl: unknown };

/** What one version of a plugin put in; a setup fills a new one, swapped in when the reload commits. */
export interface Records { items: Set<Item>; disposers: (() => unknown)[] }
export type Version = Records & { plugin: LoadedPlugin };

/** One plugin in the store. `staged`: the records of a setup not committed yet. */
export interface Entry extends Version {
  api: PluginApi;
  kept: Map<string, unknown>;
  staged?: Version;
  /** Set up and committed once (a first setup still running is not in snapshots). */
  live: boolean;
  /** Left the agent: its api throws StaleApiError. */
  left: boolean;
}

export const newRecords = (): Records => ({ items: new Set(), disposers: [] });

/** What the loop reads: one immutable view of every live plugin's records. */
export class Snapshot {
  readonly hooks = createHooks();
  readonly registry = new Registry();
  readonly services = new Map<string, { owner: string; impl: unknown }>();
  readonly plugins = new Map<string, LoadedPlugin>();

  constructor(readonly id: number, readonly validator: SchemaValidator, entries: Iterable<Version> = [], report: Report = () => {}) {
    for (const e of entries) {
      const name = e.plugin.def.name;
      this.plugins.set(name, e.plugin);
      for (const item of e.items) {
        if ("tap" in item) tapHook(this.hooks, item.tap, name, item.fn, item.opts, report);
        else if ("service" in item) this.services.set(item.service, { owner: name, impl: item.impl });
        else {
          this.registry.add(item.kind, name, item.def as never, item.fresh ? report : () => {});
          item.fresh = false;
        }
      }
    }
  }
}

const DISPOSE_BUDGET_MS = 5_000;

/** Retires versions of plugins: their shutdown taps, then their disposers last-in first-out within a time budget. */
export async function retire(versions: Version[], reason: string, validator: SchemaValidator, report: Report): Promise<void> {
  await new Snapshot(0, validator, versions, report).hooks.shutdown.promise(reason);
  const deadline = Date.now() + DISPOSE_BUDGET_MS;
  for (const { name, fn } of versions.flatMap((v) => v.disposers.map((fn) => ({ name: v.plugin.def.name, fn }))).reverse()) {
    try {
      await Promise.race([Promise.resolve().then(fn), sleep(Math.max(deadline - Date.now(), 0))]);
    } catch (error) {
      report({ level: "error", code: DiagnosticCode.dispose, plugin: name, where: "dispose",
        message: `${name}: dispose failed: ${errorText(error)}`, error });
    }
  }
}

/** Stable topological order: `after` names and required services first, else discovery order. */
export function order(plugins: LoadedPlugin[], report: Report): LoadedPlugin[] {
  const byName = new Map<string, LoadedPlugin>();
  for (const p of plugins) {
    const earlier = byName.get(p.def.name);
    if (earlier) report({ level: "warning", code: DiagnosticCode.pluginReplaced, plugin: p.def.name, where: p.source.file,
      message: `plugin "${p.def.name}" from ${p.source.file} replaces the one from ${earlier.source.file}` });
    byName.delete(p.def.name);
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

/**
 * The plugins to set up again: the changed ones and those requiring what they (or leavers) provide; one pass
 * in setup order reaches the transitive ones, as providers come before what requires them.
 */
export function affected(ordered: LoadedPlugin[], changed: Set<string>, provided: (name: string) => string[]): Set<string> {
  const services = new Set([...changed].flatMap(provided));
  for (const p of ordered) {
    if (changed.has(p.def.name) || !p.def.requires?.some((s) => services.has(s))) continue;
    changed.add(p.def.name);
    for (const s of provided(p.def.name)) services.add(s);
  }
  return changed;
}
