// The model registry: the built-in catalog merged with pi's models.json, API keys (--api-key,
// auth.json, environment, models.json), start-up selection (--model, --provider, --thinking,
// --models, settings), local-server discovery when nothing is configured, and --list-models.
// Offered to other plugins as the "models" service (providers ask it for keys; /model-like
// commands for lists and cycling).
import { join } from "node:path";
import { definePlugin } from "pi-kernel";
import { updateAuthEntry } from "../../lib/provider-kit/index.js";
import { reportSignIns } from "./sign-ins.js";
import type { Message, Model, PluginApi } from "pi-kernel";
import { AddedProviders } from "./added-providers.js";
import { ApiKeys } from "./api-keys.js";
import { ENV_KEYS, builtinModels } from "./builtin.js";
import { type Catalog, loadCatalog } from "./catalog.js";
import { keyVariables } from "./key-variables.js";
import { filterModels, modelTable } from "./list-models.js";
import { mergeCatalog } from "./merge.js";
import { foundAdvice, noModelAdvice, probeLocalServers } from "./probe.js";
import { findModel, resolveModel } from "./resolve.js";
import { roleModel, withDefaultRole } from "./roles.js";
import { type Scoped, nextScoped, scopeModels } from "./scope.js";
import { selectModel } from "./select.js";
import { switchModel } from "./switch.js";

export type { CycleResult, ModelsService } from "../../contracts/models.js";
import type { CycleResult, ModelsService } from "../../contracts/models.js";

export default definePlugin({
  name: "models",
  provides: ["models"],
  uses: ["settings", "oauth"],
  setup(api) {
    const file = join(api.agentDir, "models.json");
    // Loaded on first use (the boot hook at the latest), so a plugin asking during its own setup
    // still sees the models; each plugin generation re-reads the file, which is how edits land.
    let catalog: Catalog | undefined;
    let models: Model[] | undefined;
    let probed: Model[] = [];
    let scope: Scoped[] = [];
    const load = (): Catalog => {
      if (catalog) return catalog;
      catalog = loadCatalog(file);
      for (const p of catalog.problems) api.diagnose({ level: p.level, where: file, message: p.message });
      return catalog;
    };
    const added = new AddedProviders();
    let addedOwn = new Set<Model>();
    const all = (): Model[] => {
      if (models) return models;
      // The subscription-only providers' models (openai-codex, github-copilot, ...) count as built-in.
      const builtin = [...builtinModels(), ...(api.services.get("oauth")?.models() ?? [])];
      const applied = added.apply([...mergeCatalog(builtin, load()), ...probed]);
      addedOwn = applied.own;
      return (models = applied.models);
    };
    let runtimeProvider = typeof api.flags.provider === "string" ? api.flags.provider : undefined;
    const configuredKey = (provider: string) => added.apiKey(provider) ?? load().providers.get(provider)?.apiKey;
    // --api-key beats a sign-in for the provider chosen at start-up, as it beats auth.json's keys.
    const flagApplies = (provider: string) =>
      typeof api.flags.apiKey === "string" && api.flags.apiKey !== "" && provider === runtimeProvider;
    const signedIn = (provider: string) => !flagApplies(provider) && (api.services.get("oauth")?.signedIn(provider) ?? false);
    const oauthAuth = (model: Model, messages?: readonly Message[]) =>
      flagApplies(model.provider) ? undefined : api.services.get("oauth")?.requestAuth(model, messages);
    const hasAnyAuth = (provider: string) => signedIn(provider) || keys.hasAuth(provider);
    const keys = new ApiKeys({
      agentDir: api.agentDir,
      flags: api.flags,
      runtimeProvider: () => runtimeProvider,
      configuredKey,
      report: (level, where, message) => api.diagnose({ level, where, message }),
    });
    // Identity of a provider's models survives a redirect by name: compare provider/id.
    const customIds = () => new Set([...load().models, ...probed].map((m) => `${m.provider}/${m.id}`));
    const custom = (m: Model) => addedOwn.has(m) || customIds().has(`${m.provider}/${m.id}`);
    const available = () => {
      const list = all();
      const ids = customIds();
      // Asked once per provider, not per model: each answer may read auth.json (43 built-in models, 9 providers).
      const auth = new Map<string, boolean>();
      const hasAuth = (provider: string) => auth.get(provider) ?? auth.set(provider, hasAnyAuth(provider)).get(provider)!;
      return list.filter((m) => addedOwn.has(m) || ids.has(`${m.provider}/${m.id}`) || hasAuth(m.provider));
    };
    const reported = new Set<string>();
    const service: ModelsService = {
      list: () => available(),
      all: () => [...all()],
      find: (provider, id) => findModel(all(), provider, id),
      resolve: (pattern, provider) => resolveModel(all(), pattern, provider),
      apiKey: async (model) => (await oauthAuth(model))?.apiKey ?? keys.forModel(model),
      apiKeyAndHeaders: async (model, messages) => {
        const auth = await oauthAuth(model, messages);
        if (!auth) return { apiKey: await keys.forModel(model), headers: { ...model.headers } };
        return { apiKey: auth.apiKey, headers: { ...model.headers, ...auth.headers }, ...(auth.baseUrl && { baseUrl: auth.baseUrl }) };
      },
      keyVariables: () => {
        const providers = new Set([...load().providers.keys(), ...all().map((m) => m.provider)]);
        return keyVariables(
          api.agentDir,
          [...providers].map((p) => configuredKey(p)),
        );
      },
      rotateApiKey: (model, failedKey) => keys.rotate(model, failedKey),
      role: (name) => {
        const { found, problem } = roleModel(all(), api.settings, name);
        if (problem && !reported.has(problem)) api.diagnose({ level: "warning", where: "model roles", message: problem });
        if (problem) reported.add(problem);
        return found;
      },
      scoped: () => [...scope],
      select: (model) => {
        switchModel(api, model);
      },
      cycle: (direction = "forward") =>
        cycle(api, scope.length > 0 ? scope : available().map((model) => ({ model })), scope.length > 0, direction),
      setApiKey: (provider, key) => {
        updateAuthEntry(api.agentDir, provider, { type: "api_key", key });
        models = undefined;
      },
      addProvider: (owner, provider) => {
        const remove = added.add(owner, provider);
        models = undefined;
        return () => {
          remove();
          models = undefined;
        };
      },
      get errors() {
        return load().problems.map((p) => p.message);
      },
    };
    api.services.provide("models", service);

    api.register.surface({
      name: "list-models",
      description: "pi --list-models [search]: the models that have auth configured",
      claims: (flags) => flags.listModels !== undefined,
      async run() {
        const search = typeof api.flags.listModels === "string" ? api.flags.listModels : undefined;
        const shown = filterModels(available(), search);
        if (available().length === 0) process.stdout.write(`${noModelAdvice(api.agentDir)}\n`);
        else if (shown.length === 0) process.stdout.write(`No models match "${search}".\n`);
        else process.stdout.write(`${modelTable(shown)}\n`);
        return 0;
      },
    });

    let probedOnce = false;
    api.on("boot", async (ctx) => {
      if (ctx.reason === "reload" && api.agent.model) return refreshCurrent(api, all());
      let usable = available();
      const explicit = typeof api.flags.model === "string" || typeof api.flags.provider === "string";
      // A live edit of another plugin keeps this setup (and its probe); /reload sets it up again and probes anew.
      if (usable.length === 0 && !explicit && api.flags.listModels === undefined && !(ctx.reason === "reload" && probedOnce)) {
        probedOnce = true;
        const found = await probeLocalServers();
        probed = found.flatMap((f) => f.models);
        models = undefined;
        usable = available();
        if (found.length > 0) api.diagnose({ level: "info", where: "model selection", message: foundAdvice(found, api.agentDir) });
        else api.diagnose({ level: "warning", where: "model selection", message: noModelAdvice(api.agentDir) });
      }
      scope = applyScope(api, usable);
      const flags = scope.length > 0 && !explicit ? { ...api.flags, model: `${scope[0].model.provider}/${scope[0].model.id}` } : api.flags;
      const selection = selectModel(all(), flags, withDefaultRole(api.settings), usable);
      // --api-key follows the provider chosen at start-up, in this generation too.
      runtimeProvider = selection.model?.provider ?? runtimeProvider;
      for (const p of selection.problems) api.diagnose({ level: p.level, where: "model selection", message: p.message });
      // No model: the kernel reports "No model selected" when a prompt needs one.
      if (selection.model) api.actions.setModel(selection.model);
      if (ctx.reason !== "reload") reportSignIns(api);
      if (selection.model && !custom(selection.model) && !hasAnyAuth(selection.model.provider)) {
        const { provider } = selection.model;
        const variable = ENV_KEYS[provider] ? `set ${ENV_KEYS[provider]}, ` : "";
        api.diagnose({
          level: "warning",
          where: "model selection",
          message: `No API key for provider "${provider}": ${variable}add it to ${join(api.agentDir, "auth.json")}, or pass --api-key`,
        });
      }
      const level = selection.thinkingLevel ?? (scope.length > 0 && !explicit ? scope[0].thinkingLevel : undefined);
      if (level) api.actions.setThinkingLevel(level);
    });
  },
});

/** --models (or settings `enabledModels`), matched against the usable models. */
function applyScope(api: PluginApi, usable: Model[]): Scoped[] {
  const setting = api.settings.enabledModels;
  const patterns =
    typeof api.flags.models === "string"
      ? api.flags.models
      : Array.isArray(setting)
        ? setting.filter((p) => typeof p === "string").join(",")
        : "";
  if (!patterns) return [];
  const { scoped, unmatched } = scopeModels(patterns, usable);
  if (unmatched.length > 0)
    api.diagnose({
      level: "warning",
      where: "--models",
      message: `No available model matches ${unmatched.map((p) => `"${p}"`).join(", ")}`,
    });
  return scoped;
}

function cycle(api: PluginApi, list: Scoped[], isScoped: boolean, direction: "forward" | "backward"): CycleResult | undefined {
  if (list.length < 2 && list[0]?.model === api.agent.model) return undefined;
  const next = nextScoped(list, api.agent.model, direction);
  if (!next) return undefined;
  const thinkingLevel = switchModel(api, next.model, "cycle", next.thinkingLevel);
  return { model: next.model, thinkingLevel, isScoped };
}

/** After a reload, keep the user's current model but pick up its edited definition. */
function refreshCurrent(api: PluginApi, models: Model[]): void {
  const current = api.agent.model!;
  const fresh = findModel(models, current.provider, current.id);
  if (fresh) api.actions.setModel(fresh);
}
