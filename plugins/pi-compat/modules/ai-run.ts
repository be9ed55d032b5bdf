// pi-ai's `stream`/`complete` (and the `Simple` variants, and one stream function per API): a
// request through the running agent's provider for `model.api`, the key from its models service
// unless `options.apiKey` is given. Api providers an extension registers with registerApiProvider
// come first (they live in that extension's copy of this module, as pi's registry lives in its).
import type { AssistantMessage, LlmContext, Model, ThinkingLevel } from "../../../kernel/index.js";
import { emptyAssistantMessage } from "../../../lib/provider-kit/index.js";
import { AssistantMessageEventStream } from "./ai-stream.js";
import { requireApi } from "./runtime-link.js";

/** pi-ai's Context: the system prompt and tools are optional. */
export interface Context {
  systemPrompt?: string;
  messages: LlmContext["messages"];
  tools?: LlmContext["tools"];
}
export interface StreamOptions {
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  apiKey?: string;
  sessionId?: string;
  headers?: Record<string, string>;
  onPayload?: (payload: unknown, model: Model) => unknown;
  onResponse?: (response: { status: number; headers: Record<string, string> }, model: Model) => unknown;
  /** streamSimple's thinking level. */
  reasoning?: ThinkingLevel;
}
type StreamFn = (model: Model, context: Context, options?: StreamOptions) => AssistantMessageEventStream;
export interface ApiProvider {
  api: string;
  stream: StreamFn;
  streamSimple: StreamFn;
}

const custom = new Map<string, { provider: ApiProvider; sourceId?: string }>();

export function registerApiProvider(provider: ApiProvider, sourceId?: string): void {
  custom.set(provider.api, { provider, sourceId });
}
export function unregisterApiProviders(sourceId: string): void {
  for (const [api, entry] of custom) if (entry.sourceId === sourceId) custom.delete(api);
}
export function clearApiProviders(): void {
  custom.clear();
}
export const resetApiProviders = clearApiProviders;
/** The built-in API providers are the agent's own provider plugins: nothing to register. */
export function registerBuiltInApiProviders(): void {}

export function getApiProvider(api: string): ApiProvider | undefined {
  const own = custom.get(api)?.provider;
  if (own) return own;
  if (!requireApi("getApiProvider").registry.get("provider", api)) return undefined;
  return { api, stream: forApi(api, false), streamSimple: forApi(api, true) };
}
export function getApiProviders(): ApiProvider[] {
  const kernel = requireApi("getApiProviders")
    .registry.list("provider")
    .map((p) => p.api);
  const apis = [...new Set([...custom.keys(), ...kernel])];
  return apis.map((api) => getApiProvider(api)).filter((p): p is ApiProvider => p !== undefined);
}

function failed(model: Model, message: string, aborted = false): AssistantMessage {
  return emptyAssistantMessage(model, aborted ? "aborted" : "error", message);
}

async function pump(out: AssistantMessageEventStream, model: Model, api: string, context: Context, o: StreamOptions): Promise<void> {
  const agent = requireApi("stream");
  const provider = agent.registry.get("provider", api);
  if (!provider) throw new Error(`No API provider registered for api: ${api}`);
  const apiKey = o.apiKey ?? (await agent.services.get("models")?.apiKey(model));
  const target = o.headers ? { ...model, headers: { ...model.headers, ...o.headers } } : model;
  const events = provider.stream(
    target,
    { systemPrompt: context.systemPrompt ?? "", messages: context.messages, tools: context.tools ?? [] },
    {
      signal: o.signal,
      apiKey,
      sessionId: o.sessionId,
      maxTokens: o.maxTokens,
      temperature: o.temperature,
      thinkingLevel: o.reasoning,
      transformPayload: o.onPayload ? async (p) => (await o.onPayload?.(p, model)) ?? p : undefined,
      onResponse: o.onResponse ? async (r) => void (await o.onResponse?.(r, model)) : undefined,
    },
  );
  for await (const event of events) out.push(event);
}

function forApi(api: string, simple: boolean): StreamFn {
  return (model, context, options = {}) => {
    const out = new AssistantMessageEventStream();
    const o = simple ? options : { ...options, reasoning: undefined };
    pump(out, model, api, context, o)
      .catch((error: unknown) => {
        const message = failed(model, error instanceof Error ? error.message : String(error), o.signal?.aborted);
        out.push({ type: "error", reason: message.stopReason === "aborted" ? "aborted" : "error", error: message });
      })
      .finally(() => out.end());
    return out;
  };
}

export function stream(model: Model, context: Context, options?: StreamOptions): AssistantMessageEventStream {
  const own = custom.get(model.api)?.provider;
  return own ? own.stream(model, context, options) : forApi(model.api, false)(model, context, options);
}
export function streamSimple(model: Model, context: Context, options?: StreamOptions): AssistantMessageEventStream {
  const own = custom.get(model.api)?.provider;
  return own ? own.streamSimple(model, context, options) : forApi(model.api, true)(model, context, options);
}
export function complete(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage> {
  return stream(model, context, options).result();
}
export function completeSimple(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage> {
  return streamSimple(model, context, options).result();
}

// pi-ai's per-API stream functions: the agent's provider for that wire format.
export const streamAnthropic = forApi("anthropic-messages", false);
export const streamSimpleAnthropic = forApi("anthropic-messages", true);
export const streamOpenAICompletions = forApi("openai-completions", false);
export const streamSimpleOpenAICompletions = forApi("openai-completions", true);
export const streamOpenAIResponses = forApi("openai-responses", false);
export const streamSimpleOpenAIResponses = forApi("openai-responses", true);
export const streamAzureOpenAIResponses = forApi("azure-openai-responses", false);
export const streamSimpleAzureOpenAIResponses = forApi("azure-openai-responses", true);
export const streamOpenAICodexResponses = forApi("openai-codex-responses", false);
export const streamSimpleOpenAICodexResponses = forApi("openai-codex-responses", true);
export const streamGoogle = forApi("google-generative-ai", false);
export const streamSimpleGoogle = forApi("google-generative-ai", true);
export const streamGoogleVertex = forApi("google-vertex", false);
export const streamSimpleGoogleVertex = forApi("google-vertex", true);
export const streamMistral = forApi("mistral-conversations", false);
export const streamSimpleMistral = forApi("mistral-conversations", true);
