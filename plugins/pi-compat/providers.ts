// pi's registerProvider(name, config) / unregisterProvider(name). The models go to the models
// service (so `--model name/id`, --list-models, the selector and ctx.modelRegistry see them); a
// config with only baseUrl/headers redirects the provider's existing models; a `streamSimple`
// becomes the kernel provider of the config's api. Unregistering removes the models and hands the
// api back to the provider it replaced, as pi restores overridden built-ins.
import { emptyUsage, type AssistantMessageEvent, type Model, type PluginApi, type ProviderDef } from "pi-kernel";
import type { Runtime } from "./runtime.js";

export function registerProvider(rt: Runtime, api: PluginApi, name: string, config: Record<string, unknown>): void {
  unregisterProvider(rt, name);
  const removals: (() => void)[] = [];
  const models = adaptModels(name, config);
  const stream = config.streamSimple as ProviderDef["stream"] | undefined;
  if (typeof stream === "function") removals.push(registerStream(api, typeof config.api === "string" ? config.api : name, stream));
  if (models.length) {
    rt.providerModels.set(name, models);
    removals.push(() => rt.providerModels.delete(name));
  }
  const service = api.services.get("models");
  if (service?.addProvider) {
    removals.push(
      service.addProvider(`pi-compat:${name}`, {
        name,
        models: models.length ? models : undefined,
        baseUrl: typeof config.baseUrl === "string" ? config.baseUrl : undefined,
        headers: stringRecord(config.headers),
        apiKey: typeof config.apiKey === "string" ? config.apiKey : undefined,
      }),
    );
  }
  rt.providerConfigs.set(name, config);
  removals.push(() => rt.providerConfigs.delete(name));
  rt.providers.set(name, () => removals.forEach((r) => r()));
}

export function unregisterProvider(rt: Runtime, name: string): void {
  const remove = rt.providers.get(name);
  rt.providers.delete(name);
  remove?.();
}

function adaptModels(name: string, config: Record<string, unknown>): Model[] {
  const api = typeof config.api === "string" ? config.api : name;
  const baseUrl = typeof config.baseUrl === "string" ? config.baseUrl : "";
  const headers = stringRecord(config.headers);
  return (Array.isArray(config.models) ? config.models : []).map((raw) => {
    const m = raw as Partial<Model> & { id: string };
    return {
      name: m.id,
      reasoning: false,
      input: ["text"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128_000,
      maxTokens: 16_384,
      ...(headers && { headers }),
      ...m,
      api: m.api ?? api,
      provider: name,
      baseUrl: m.baseUrl ?? baseUrl,
    } as Model;
  });
}

/** Registers the extension's stream for `apiName`; the removal gives the api back to the one it replaced. */
function registerStream(api: PluginApi, apiName: string, stream: ProviderDef["stream"]): () => void {
  const previous = api.registry.get("provider", apiName);
  let removed = false;
  api.register.provider({
    api: apiName,
    stream: (model, context, options) => {
      if (!removed) return stream(model, context, options);
      return previous ? previous.stream(model, context, options) : unregistered(model, apiName);
    },
  });
  return () => {
    removed = true;
  };
}

async function* unregistered(model: Model, apiName: string): AsyncGenerator<AssistantMessageEvent> {
  yield {
    type: "error",
    reason: "error",
    error: {
      role: "assistant",
      content: [],
      api: apiName,
      provider: model.provider,
      model: model.id,
      stopReason: "error",
      usage: emptyUsage(),
      errorMessage: `The provider for api "${apiName}" was unregistered by its extension`,
      timestamp: Date.now(),
    },
  };
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
}
