// pi's models.json: the model catalog, start-up model selection and API keys, offered to other
// plugins as the "models" service (providers ask it for keys; /model-like commands for lists).
import { join } from "node:path";
import { definePlugin } from "pi-kernel";
import type { Model, PluginApi } from "pi-kernel";
import { ApiKeys } from "./api-keys.js";
import { type Catalog, loadCatalog } from "./catalog.js";
import { findModel, resolveModel } from "./resolve.js";
import { selectModel } from "./select.js";

export interface ModelsService {
  list(): Model[];
  find(provider: string, id: string): Model | undefined;
  resolve(pattern: string, provider?: string): Model | undefined;
  apiKey(model: Model): Promise<string | undefined>;
  /** Problems found in models.json, for commands that list models. */
  readonly errors: string[];
}

export default definePlugin({
  name: "models",
  provides: ["models"],
  setup(api) {
    const file = join(api.agentDir, "models.json");
    // Loaded on first use (the boot hook at the latest), so a plugin asking during its own setup
    // still sees the models; each plugin generation re-reads the file, which is how edits land.
    let catalog: Catalog | undefined;
    const load = (): Catalog => {
      if (catalog) return catalog;
      catalog = loadCatalog(file);
      for (const p of catalog.problems) api.diagnose({ level: p.level, where: file, message: p.message });
      return catalog;
    };
    let runtimeProvider = typeof api.flags.provider === "string" ? api.flags.provider : undefined;
    const keys = new ApiKeys({
      agentDir: api.agentDir,
      flags: api.flags,
      runtimeProvider: () => runtimeProvider,
      configuredKey: (provider) => load().providers.get(provider)?.apiKey,
      report: (level, where, message) => api.diagnose({ level, where, message }),
    });
    const service: ModelsService = {
      list: () => [...load().models],
      find: (provider, id) => findModel(load().models, provider, id),
      resolve: (pattern, provider) => resolveModel(load().models, pattern, provider),
      apiKey: (model) => keys.forModel(model),
      get errors() { return load().problems.map((p) => p.message); },
    };
    api.services.provide<ModelsService>("models", service);
    api.on("boot", (ctx) => {
      const { models } = load();
      const selection = selectModel(models, api.flags, api.settings);
      // --api-key follows the provider chosen at start-up, in this generation too.
      runtimeProvider = selection.model?.provider ?? runtimeProvider;
      if (ctx.reason === "reload" && api.agent.model) return refreshCurrent(api, models);
      for (const p of selection.problems) api.diagnose({ level: p.level, where: "model selection", message: p.message });
      // No model: the kernel reports "No model selected" when a prompt needs one.
      if (selection.model) api.actions.setModel(selection.model);
      if (selection.thinkingLevel) api.actions.setThinkingLevel(selection.thinkingLevel);
    });
  },
});

/** After a reload, keep the user's current model but pick up its edited definition. */
function refreshCurrent(api: PluginApi, models: Model[]): void {
  const current = api.agent.model!;
  const fresh = findModel(models, current.provider, current.id);
  if (fresh) api.actions.setModel(fresh);
}
