// pi 0.86's ctx.modelRegistry (its ModelRegistry facade) over the agent's own models service,
// providers and keys: extensions such as rpiv-advisor and pi-btw call a second model with the
// session's credentials (getApiKeyAndHeaders, then stream/complete), check auth without a request
// (hasConfiguredAuth, getProviderAuthStatus, isUsingOAuth), and add providers at run time.
// Credentials are never read here: the models service resolves them (models.json, auth.json,
// sign-ins, the environment).
import type { Model, PluginApi } from "pi-kernel";
import { complete, stream, streamSimple } from "./modules/ai-run.js";
import { registerProvider, unregisterProvider } from "./providers.js";
import type { Runtime } from "./runtime.js";

type AuthStatus = { configured: boolean; source?: string; label?: string };

export function createModelRegistry(rt: Runtime, api: PluginApi): Record<string, unknown> {
  const models = () => api.services.get("models");
  const ofProvider = (provider: string) => rt.allModels().filter((m) => m.provider === provider);
  /** Whether a provider's models can be used now (the service lists only those with a key, or keyless local ones). */
  const usable = (provider: string) => rt.models().some((m) => m.provider === provider);
  const status = (provider: string): AuthStatus => models()?.authStatus?.(provider) ?? { configured: usable(provider) };
  const keyFor = async (provider: string) => {
    const model = rt.models().find((m) => m.provider === provider) ?? ofProvider(provider)[0];
    return model ? models()?.apiKey(model) : undefined;
  };
  return {
    getAll: () => rt.allModels(),
    getAvailable: () => rt.models(),
    find: (provider: string, id: string) => rt.allModels().find((m) => m.provider === provider && m.id === id),
    getApiKey: (model: Model) => models()?.apiKey(model),
    getApiKeyForProvider: keyFor,
    hasConfiguredAuth: (model: Model) => status(model.provider).configured,
    getProviderAuthStatus: status,
    isUsingOAuth: (model: Model) => models()?.authStatus?.(model.provider)?.oauth === true,
    async getApiKeyAndHeaders(model: Model) {
      try {
        const apiKey = await models()?.apiKey(model);
        if (apiKey === undefined && !status(model.provider).configured) {
          return { ok: false, error: `No API key for provider ${model.provider} (set it in auth.json, models.json or the environment)` };
        }
        return { ok: true, apiKey, headers: model.headers ? { ...model.headers } : undefined, baseUrl: model.baseUrl };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    async getProviderAuth(provider: string) {
      const apiKey = await keyFor(provider);
      return apiKey === undefined ? undefined : { type: "api_key", apiKey };
    },
    getProvider(provider: string) {
      const list = ofProvider(provider);
      if (!list.length) return undefined;
      return { id: provider, name: provider, baseUrl: list[0].baseUrl, api: list[0].api, models: list };
    },
    getProviderDisplayName: (provider: string) => provider,
    getError: () => (models()?.errors.length ? models()!.errors.join("\n") : undefined),
    // The models service re-reads models.json when it changes; a refresh reports what it has now.
    refresh: async () => ({ models: rt.allModels(), errors: [...(models()?.errors ?? [])] }),
    registerProvider(nameOrProvider: string | { id: string; [k: string]: unknown }, config?: Record<string, unknown>) {
      if (typeof nameOrProvider === "string") return registerProvider(rt, api, nameOrProvider, config ?? {});
      registerProvider(rt, api, nameOrProvider.id, nameOrProvider);
    },
    unregisterProvider: (name: string) => unregisterProvider(rt, name),
    getRegisteredProviderConfig: (name: string) => rt.providerConfigs.get(name),
    getRegisteredNativeProvider: () => undefined,
    getRegisteredProviderIds: () => [...rt.providerConfigs.keys()],
    // Through the agent's own provider plugins, with the key the models service resolves.
    stream,
    streamSimple,
    complete,
    // pi 1.x's typed catalogue: pi-kernel's models are all text ("chat") models.
    findOfType: (type: string, provider: string, id: string) =>
      isText(type) ? rt.allModels().find((m) => m.provider === provider && m.id === id) : undefined,
    getModelOfType: (type: string, provider: string, id: string) =>
      isText(type) ? rt.allModels().find((m) => m.provider === provider && m.id === id) : undefined,
    getModelsOfType: (type: string, provider?: string) =>
      isText(type) ? rt.allModels().filter((m) => !provider || m.provider === provider) : [],
    getAvailableOfType: async (type: string, provider?: string) =>
      isText(type) ? rt.models().filter((m) => !provider || m.provider === provider) : [],
    classify: () => Promise.reject(new Error(`ctx.modelRegistry.classify: ${NOT_HERE}`)),
    generateImages: () => Promise.reject(new Error(`ctx.modelRegistry.generateImages: ${NOT_HERE}`)),
    registerVirtualModel: () => {
      throw new Error(`ctx.modelRegistry.registerVirtualModel: ${NOT_HERE}; register a provider with its models instead`);
    },
    unregisterVirtualModel: () => undefined,
  };
}

const NOT_HERE = "pi-kernel has text models only (no classifier, image or virtual models)";
const isText = (type: string) => type === "chat" || type === "text" || type === "llm";
