// pi's registerProvider(name, config) to a kernel provider: a `streamSimple` becomes the stream of
// the provider's api, and `models` become models extensions (and setModel) can pick.
import type { Model, ProviderDef } from "pi-kernel";

export function adaptProvider(name: string, config: Record<string, unknown>): { provider?: ProviderDef; models: Model[] } {
  const api = typeof config.api === "string" ? config.api : name;
  const baseUrl = typeof config.baseUrl === "string" ? config.baseUrl : "";
  const models = (Array.isArray(config.models) ? config.models : []).map((raw) => {
    const m = raw as Partial<Model> & { id: string };
    return {
      name: m.id, reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128_000, maxTokens: 16_384, ...m, api: m.api ?? api, provider: name, baseUrl: m.baseUrl ?? baseUrl,
    } as Model;
  });
  const stream = config.streamSimple as ProviderDef["stream"] | undefined;
  return { provider: typeof stream === "function" ? { api, stream: (model, context, options) => stream(model, context, options) } : undefined, models };
}
