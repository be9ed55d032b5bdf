// A minimal real PluginApi for the models plugin's tests: just the fields it uses.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { afterEach, beforeEach } from "vitest";
import { join } from "node:path";
import type { BootContext, Diagnostic, Model, PluginApi, ThinkingLevel } from "pi-kernel";
import { BUILTIN_PROVIDERS, ENV_KEYS } from "../../plugins/models/builtin.js";
import plugin, { type ModelsService } from "../../plugins/models/index.js";
import type { SurfaceDef } from "../../contracts/index.js";

export interface Harness {
  service: ModelsService;
  diagnostics: Diagnostic[];
  selected: { model?: Model; level?: ThinkingLevel };
  boot(reason?: BootContext["reason"]): Promise<void>;
  api: PluginApi;
  services: Map<string, unknown>;
  surfaces: SurfaceDef[];
}

/** A minimal real PluginApi: just the fields the models plugin uses. */
export async function setUpIn(
  dir: string,
  flags: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
  services = new Map<string, unknown>(),
): Promise<Harness> {
  const boots: ((ctx: BootContext) => unknown)[] = [];
  const diagnostics: Diagnostic[] = [];
  const selected: Harness["selected"] = {};
  const surfaces: SurfaceDef[] = [];
  const api = {
    name: "models",
    cwd: dir,
    agentDir: dir,
    flags,
    settings,
    on: (hook: string, fn: (ctx: BootContext) => unknown) => {
      if (hook === "boot") boots.push(fn);
    },
    register: { surface: (def: SurfaceDef) => surfaces.push(def) },
    diagnose: (d: Diagnostic) => diagnostics.push(d),
    services: {
      provide: (n: string, impl: unknown) => services.set(n, impl),
      use: (n: string) => services.get(n),
      get: (n: string) => services.get(n),
      has: (n: string) => services.has(n),
    },
    actions: {
      setModel: (m: Model) => {
        selected.model = m;
      },
      setThinkingLevel: (l: ThinkingLevel) => {
        selected.level = l;
      },
    },
    agent: {
      get model() {
        return selected.model;
      },
      get thinkingLevel() {
        return selected.level;
      },
    },
  } as unknown as PluginApi;
  await plugin.setup(api);
  const boot = async (reason: BootContext["reason"] = "startup") => {
    for (const fn of boots) await fn({ reason, generation: 1 });
  };
  return { service: services.get("models") as ModelsService, diagnostics, selected, boot, api, services, surfaces };
}

export const writeModelsIn = (dir: string, text: string) => writeFile(join(dir, "models.json"), text);
export const ids = (models: (Model | undefined)[]) => models.map((m) => m && `${m.provider}/${m.id}`);
/** The models.json part of the list (the built-in catalog follows it). */
export const custom = (models: Model[]) => models.filter((m) => !(m.provider in BUILTIN_PROVIDERS));

/**
 * A fresh agent dir per test, no provider keys from the machine and no probing of real local
 * ports, so results do not depend on where the tests run. Returns the current dir.
 */
export function useIsolatedAgentDir(prefix: string): () => string {
  let dir = "";
  const savedEnv = { ...process.env };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    for (const name of Object.values(ENV_KEYS)) delete process.env[name];
    process.env.PI_KERNEL_PROBE_PORTS = "none";
  });
  afterEach(async () => {
    // Put back in place: a new object for process.env is a plain object, and what later code sets on
    // it (HOME, ...) never reaches the real environment that os.homedir() and children read.
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
