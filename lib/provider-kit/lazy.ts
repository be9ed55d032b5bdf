// The provider plugins' setup side: registers a provider whose streaming code (the wire format
// and the shared driver) is imported on the first request, so start-up never pays for it.
// Imports nothing at load time but the kernel, which is loaded already, and the (small) fallback
// bookkeeping, which sends a failed request on to the next model of its chain (fallback.ts).
import type { AssistantMessageEvent, LlmContext, Model, PluginApi } from "pi-kernel";
import { emptyAssistantMessage } from "./assistant-message.js";
import { type FallbackOptions, Fallbacks } from "./fallback.js";
import type { Wire } from "./run.js";

/** The part of the models service providers use (plugins never import each other). */

export function registerLazyProvider(api: PluginApi, apiName: string, loadWire: () => Promise<Wire>): void {
  const fallbacks = new Fallbacks(api);
  api.register.provider({ api: apiName, stream: (model, context, options) => stream(api, loadWire, fallbacks, model, context, options) });
}

async function* stream(
  api: PluginApi,
  loadWire: () => Promise<Wire>,
  fallbacks: Fallbacks,
  model: Model,
  context: LlmContext,
  options: FallbackOptions,
): AsyncGenerator<AssistantMessageEvent> {
  // A model that already failed over in this run goes straight to its replacement.
  const skipped = fallbacks.skips(model, options) ? fallbacks.next(model, context, options, "failed earlier in this run", true) : undefined;
  if (skipped) return yield* skipped;
  let wire: Wire;
  let run: typeof import("./run.js");
  try {
    [wire, run] = await Promise.all([loadWire(), import("./run.js")]);
  } catch (error) {
    yield loadFailure(api.name, model, error);
    return;
  }
  const models = api.services.get("models");
  let auth: Awaited<ReturnType<NonNullable<NonNullable<typeof models>["apiKeyAndHeaders"]>>> | undefined;
  try {
    // A subscription's token (refreshed when due), headers and endpoint; an expired sign-in ends here.
    if (options.apiKey === undefined) auth = await models?.apiKeyAndHeaders?.(model, context.messages);
  } catch (error) {
    yield authFailure(model, error);
    return;
  }
  let resolved = auth !== undefined;
  yield* run.runStream(wire, auth ? withAuth(model, auth) : model, context, options, {
    // The key found above serves the first attempt; after a key rotation, ask again.
    resolveApiKey: async (m) => (resolved ? ((resolved = false), auth?.apiKey) : models?.apiKey(m)),
    rotateApiKey: async (m, failedKey) => (await api.services.get("models")?.rotateApiKey?.(m, failedKey)) ?? false,
    settings: api.settings,
    onRetry: (r) => {
      api.diagnose?.({
        level: "info",
        where: `${model.provider}/${model.id}`,
        message: `${r.errorMessage}; retrying in ${Math.round(r.delayMs / 100) / 10} s (attempt ${r.attempt} of ${r.maxRetries})`,
      });
      // pi's session events, for the JSON stream, RPC clients and UIs.
      api.actions.emit({
        type: "auto_retry_start",
        attempt: r.attempt,
        maxAttempts: r.maxRetries,
        delayMs: r.delayMs,
        errorMessage: r.errorMessage,
      });
    },
    onRetryEnd: (r) => api.actions.emit({ type: "auto_retry_end", ...r }),
    hasFallback: (m) => fallbacks.rest(m, options).length > 0,
    fallback: (m, reason) => fallbacks.next(m, context, options, reason),
  });
}

/** The model as this request sends it: the subscription's headers on top, its endpoint if it names one. */
function withAuth(model: Model, auth: { headers: Record<string, string>; baseUrl?: string }): Model {
  return { ...model, baseUrl: auth.baseUrl ?? model.baseUrl, headers: auth.headers };
}

function authFailure(model: Model, error: unknown): AssistantMessageEvent {
  return {
    type: "error",
    reason: "error",
    error: emptyAssistantMessage(model, "error", error instanceof Error ? error.message : String(error)),
  };
}

// Keeps the "a stream never throws" promise even if the lazily loaded code cannot load.
function loadFailure(plugin: string, model: Model, error: unknown): AssistantMessageEvent {
  return {
    type: "error",
    reason: "error",
    error: emptyAssistantMessage(model, "error", `${plugin} could not load: ${error instanceof Error ? error.message : String(error)}`),
  };
}
