// pi 1.5's registerVirtualModel / unregisterVirtualModel: a model one can select (the models
// service lists it under its provider, next to that provider's own models) whose every request
// the extension's `route()` sends to a physical model. Its api is pi's "pi-virtual", served by
// one kernel provider (streamVirtual) that asks the route, then streams through the physical
// model's own provider plugin, so the assistant message records the physical model. The router's
// state lives on the session branch as pi keeps it (a `pi.virtual-model-state` custom entry).
import {
  emptyUsage,
  type AssistantMessageEvent,
  type LlmContext,
  type Model,
  type PluginApi,
  type StreamOptions,
  type ThinkingLevel,
} from "pi-kernel";
import { createContext } from "./context.js";
import type { Runtime } from "./runtime.js";

export const VIRTUAL_MODEL_API = "pi-virtual";
const STATE_ENTRY = "pi.virtual-model-state";

type Route = { model: Model; thinkingLevel?: ThinkingLevel; state?: unknown };
export interface VirtualModel {
  model: Model;
  route(request: Record<string, unknown>, ctx: unknown): Route | Promise<Route>;
  /** The registering extension's api (its ctx, its service lookups). */
  api: PluginApi;
}

export function createVirtualModelApi(rt: Runtime, api: PluginApi): Record<string, unknown> {
  const mine = new Set<string>();
  const unregister = (provider: string, id: string) => {
    const key = `${provider}/${id}`;
    if (!mine.delete(key)) return;
    rt.virtualModels.delete(key);
    list(rt, api, provider);
  };
  return {
    registerVirtualModel(def: Record<string, unknown>) {
      const { provider, id, name } = def;
      if (typeof provider !== "string" || typeof id !== "string" || !provider || !id)
        throw new Error("registerVirtualModel: give a provider and an id");
      if (typeof def.route !== "function") throw new Error(`registerVirtualModel(${provider}/${id}): route must be a function`);
      const levels = Array.isArray(def.thinkingLevels) ? (def.thinkingLevels as string[]) : ["off"];
      const model: Model = {
        provider,
        id,
        name: typeof name === "string" ? name : id,
        api: VIRTUAL_MODEL_API,
        baseUrl: "",
        reasoning: levels.some((l) => l !== "off"),
        input: (def.input as Model["input"]) ?? ["text", "image"],
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        contextWindow: typeof def.contextWindow === "number" ? def.contextWindow : 0,
        maxTokens: typeof def.maxTokens === "number" ? def.maxTokens : 0,
      };
      const key = `${provider}/${id}`;
      rt.virtualModels.set(key, { model, route: def.route as VirtualModel["route"], api });
      mine.add(key);
      api.onDispose(() => unregister(provider, id));
      list(rt, api, provider);
    },
    unregisterVirtualModel: unregister,
  };
}

/** Lists a provider's virtual models with its physical ones (the models service takes one list per owner). */
function list(rt: Runtime, api: PluginApi, provider: string): void {
  rt.virtualListings.get(provider)?.();
  rt.virtualListings.delete(provider);
  const virtual = [...rt.virtualModels.values()].filter((v) => v.model.provider === provider).map((v) => v.model);
  const service = api.services.get("models");
  if (!virtual.length || !service?.addProvider) return;
  const ids = new Set(virtual.map((m) => m.id));
  // A virtual model hides a physical one of its id, as in pi.
  const physical = service.all().filter((m) => m.provider === provider && m.api !== VIRTUAL_MODEL_API && !ids.has(m.id));
  rt.virtualListings.set(
    provider,
    service.addProvider(`pi-compat:virtual:${provider}`, { name: provider, models: [...virtual, ...physical] }),
  );
}

/** The kernel provider of "pi-virtual": route, then stream through the physical model's provider. */
export async function* streamVirtual(
  rt: Runtime,
  model: Model,
  context: LlmContext,
  options: StreamOptions,
): AsyncGenerator<AssistantMessageEvent> {
  const v = rt.virtualModels.get(`${model.provider}/${model.id}`);
  if (!v) return yield failure(model, `virtual model ${model.provider}/${model.id} is not registered (its extension is gone)`);
  const api = v.api.current();
  const sessions = api.services.get("sessions");
  const models = api.services.get("models");
  const messages = context.messages;
  const answered = [...messages].reverse().find((m) => m.role === "assistant" && m.stopReason !== "error" && m.stopReason !== "aborted");
  const previousModel = answered?.role === "assistant" ? models?.find(answered.provider, answered.model) : undefined;
  const state = latestState(sessions?.path() ?? [], model);
  let route: Route;
  try {
    route = await v.route(
      {
        model,
        thinkingLevel: options.thinkingLevel ?? "off",
        reason: messages.at(-1)?.role === "user" ? "user" : "continuation",
        previous: previousModel && { model: previousModel },
        state,
        messages,
        signal: options.signal,
      },
      createContext(rt, api),
    );
  } catch (error) {
    return yield failure(
      model,
      `virtual model ${model.provider}/${model.id}: route failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const target = route?.model && (models?.find(route.model.provider, route.model.id) ?? route.model);
  const provider = target && api.registry.get("provider", target.api);
  if (!target || !provider || target.api === VIRTUAL_MODEL_API) {
    return yield failure(model, `virtual model ${model.provider}/${model.id}: route chose no usable physical model`);
  }
  if (route.state !== undefined && route.state !== state) {
    sessions?.append({
      type: "custom",
      customType: STATE_ENTRY,
      data: { provider: model.provider, modelId: model.id, state: route.state },
    });
  }
  yield* provider.stream(target, context, { ...options, thinkingLevel: route.thinkingLevel ?? options.thinkingLevel });
}

function latestState(branch: readonly { type: string; customType?: string; data?: unknown }[], model: Model): unknown {
  for (let i = branch.length - 1; i >= 0; i--) {
    const e = branch[i]!;
    const d = e.data as { provider?: string; modelId?: string; state?: unknown } | undefined;
    if (e.type === "custom" && e.customType === STATE_ENTRY && d?.provider === model.provider && d.modelId === model.id) return d.state;
  }
  return undefined;
}

function failure(model: Model, errorMessage: string): AssistantMessageEvent {
  return {
    type: "error",
    reason: "error",
    error: {
      role: "assistant",
      content: [],
      api: model.api,
      provider: model.provider,
      model: model.id,
      stopReason: "error",
      usage: emptyUsage(),
      errorMessage,
      timestamp: Date.now(),
    },
  };
}
