// Names pi-ai's 1.x line added (models/credential stores, system-message transcripts, cache
// warming, image generation, lazy API modules, telemetry). The small pure ones behave as pi's;
// the subsystems pi-kernel does not have throw naming the missing piece when called.
import { randomBytes } from "node:crypto";
import { unavailable, unavailableClass } from "./unavailable.js";

export const PI_AI_VERSION = "1.5.2";
export const PI_ATTRIBUTION = { name: "pi", url: "https://pi.dev", categories: ["cli-agent"] };
export const DEFAULT_MAX_AGENT_RETRY_DELAY_MS = 60_000;
export const CACHE_WARMING_MAX_AGE_MS = 60 * 60_000;
export const CACHE_WARMING_MAX_IDLE_AGE_MS = 30 * 60_000;
export const CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS = 0.05;
export const CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY = 0.15;
export const ANTHROPIC_AUTH_TOKEN_ENV = "ANTHROPIC_AUTH_TOKEN";
export const ANTHROPIC_OAUTH_TOKEN_ENV = "ANTHROPIC_OAUTH_TOKEN";
export const ANTHROPIC_API_KEY_ENV = "ANTHROPIC_API_KEY";
export const ANTHROPIC_FEDERATION_RULE_ID_ENV = "ANTHROPIC_FEDERATION_RULE_ID";
export const ANTHROPIC_ORGANIZATION_ID_ENV = "ANTHROPIC_ORGANIZATION_ID";
export const ANTHROPIC_SERVICE_ACCOUNT_ID_ENV = "ANTHROPIC_SERVICE_ACCOUNT_ID";
export const ANTHROPIC_IDENTITY_TOKEN_FILE_ENV = "ANTHROPIC_IDENTITY_TOKEN_FILE";
export const ANTHROPIC_WORKSPACE_ID_ENV = "ANTHROPIC_WORKSPACE_ID";
/** pi's telemetry schema id; pi-kernel records no telemetry, so there is nothing behind it. */
export const AI_TELEMETRY_SCHEMA = Object.freeze({ version: 1, spans: {}, metrics: {} });

export class ModelsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ModelsError";
  }
}

/** The text blocks of a message's content, joined. */
export function contentText(content: string | readonly { type: string; text?: string }[], separator = "\n"): string {
  if (typeof content === "string") return content;
  return content
    .filter((b) => b.type === "text")
    .map((b) => b.text ?? "")
    .join(separator);
}

/** A time-ordered UUID (RFC 9562 version 7). */
export function uuidv7(timestampMs = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(timestampMs, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function hasApi(model: { api?: string }, api: string): boolean {
  return model.api === api;
}
export function getCacheWarmingDelayMs(ttlMs: number): number | undefined {
  if (ttlMs <= 10_000) return undefined;
  return Math.max(1, Math.floor(Math.min(ttlMs * 0.9, ttlMs - 10_000)));
}
export function retryDelayMs(policy: { baseDelayMs: number; maxAgentDelayMs?: number }, attempt: number): number {
  const delay = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(
    Number.isSafeInteger(delay) ? delay : Number.MAX_SAFE_INTEGER,
    policy.maxAgentDelayMs ?? DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
  );
}

const MODELS = "pi 1.x's createModels registry (pi-kernel's models service, reached through ctx.modelRegistry, holds the catalog)";
const TRANSCRIPT = "pi 1.x's system-message transcript model (pi-kernel keeps a plain system prompt)";
const WARMING = "pi 1.x's prompt-cache warming";
const IMAGES = "image generation (pi-kernel has no image-generation providers)";
const LAZY = "pi 1.x's lazily loaded API modules (pi-kernel's providers are plugins: use stream()/complete())";
const IDENTITY = "pi 1.x's client identity headers";

const missing: Record<string, string> = {
  createModels: MODELS,
  createProvider: MODELS,
  defaultProviderAuthContext: MODELS,
  envApiKeyAuth: MODELS,
  getModelType: MODELS,
  isModelType: MODELS,
  normalizeContext: TRANSCRIPT,
  collapseSystemMessages: TRANSCRIPT,
  createInitialSystemMessage: TRANSCRIPT,
  getCurrentSystemMessage: TRANSCRIPT,
  getCurrentSystemPrompt: TRANSCRIPT,
  getCurrentTools: TRANSCRIPT,
  getDeclaredTools: TRANSCRIPT,
  getInitialSystemMessage: TRANSCRIPT,
  getSystemMessageText: TRANSCRIPT,
  getToolStateChanges: TRANSCRIPT,
  hasNonAdditiveToolChanges: TRANSCRIPT,
  hasToolRedefinitions: TRANSCRIPT,
  declarationsEqual: TRANSCRIPT,
  renderSystemMessageUpdate: TRANSCRIPT,
  resolveTranscript: TRANSCRIPT,
  resolveTranscriptTools: TRANSCRIPT,
  toToolDeclaration: TRANSCRIPT,
  withoutInitialSystemMessage: TRANSCRIPT,
  evaluateCacheWarming: WARMING,
  getCacheWarmingRequestOptions: WARMING,
  getPromptCacheTtlMs: WARMING,
  isCacheWarmingReplayable: WARMING,
  generateImages: IMAGES,
  generateImagesOpenRouter: IMAGES,
  getImageModel: IMAGES,
  getImageModels: IMAGES,
  getImageProviders: IMAGES,
  getImagesApiProvider: IMAGES,
  registerImagesApiProvider: IMAGES,
  registerBuiltInImagesApiProviders: IMAGES,
  lazyApi: LAZY,
  lazyOAuth: LAZY,
  lazyStream: LAZY,
  getAttributionHeaders: IDENTITY,
  getIdentityHeaders: IDENTITY,
  getOpenCodeSessionHeaders: IDENTITY,
  mergeClientIdentity: IDENTITY,
  withClientIdentity: IDENTITY,
  getClientVersion: IDENTITY,
  formatUserAgent: IDENTITY,
  isRecoverableLength: "pi 1.x's length-recovery policy",
  isRetryableAssistantError: "pi 1.x's agent retry policy (pi-kernel retries in its providers)",
  retryAssistantCall: "pi 1.x's agent retry policy (pi-kernel retries in its providers)",
  createFauxCore: "pi 1.x's faux core (use registerFauxProvider)",
  fauxProvider: "pi 1.x's faux provider module (use registerFauxProvider)",
  setBedrockProviderLoader: "Amazon Bedrock (pi-kernel has no Bedrock provider)",
  setBedrockProviderModule: "Amazon Bedrock (pi-kernel has no Bedrock provider)",
};
const fns = Object.fromEntries(Object.entries(missing).map(([name, why]) => [name, unavailable(name, why)]));
export const {
  createModels,
  createProvider,
  defaultProviderAuthContext,
  envApiKeyAuth,
  getModelType,
  isModelType,
  normalizeContext,
  collapseSystemMessages,
  createInitialSystemMessage,
  getCurrentSystemMessage,
  getCurrentSystemPrompt,
  getCurrentTools,
  getDeclaredTools,
  getInitialSystemMessage,
  getSystemMessageText,
  getToolStateChanges,
  hasNonAdditiveToolChanges,
  hasToolRedefinitions,
  declarationsEqual,
  renderSystemMessageUpdate,
  resolveTranscript,
  resolveTranscriptTools,
  toToolDeclaration,
  withoutInitialSystemMessage,
  evaluateCacheWarming,
  getCacheWarmingRequestOptions,
  getPromptCacheTtlMs,
  isCacheWarmingReplayable,
  generateImages,
  generateImagesOpenRouter,
  getImageModel,
  getImageModels,
  getImageProviders,
  getImagesApiProvider,
  registerImagesApiProvider,
  registerBuiltInImagesApiProviders,
  lazyApi,
  lazyOAuth,
  lazyStream,
  getAttributionHeaders,
  getIdentityHeaders,
  getOpenCodeSessionHeaders,
  mergeClientIdentity,
  withClientIdentity,
  getClientVersion,
  formatUserAgent,
  isRecoverableLength,
  isRetryableAssistantError,
  retryAssistantCall,
  createFauxCore,
  fauxProvider,
  setBedrockProviderLoader,
  setBedrockProviderModule,
} = fns;

export const InMemoryCredentialStore = unavailableClass("InMemoryCredentialStore", MODELS);
export const InMemoryModelsStore = unavailableClass("InMemoryModelsStore", MODELS);
export const StreamingJsonParser = unavailableClass("StreamingJsonParser", "pi 1.x's incremental JSON parser (use parseStreamingJson)");
export const ToolCallArgumentsStream = unavailableClass(
  "ToolCallArgumentsStream",
  "pi 1.x's tool-argument streams (use parseStreamingJson)",
);

// pi 1.x's API module objects: each names the wire format pi-kernel's provider plugins stream.
const apiModule = (api: string) => Object.freeze({ api });
export const anthropicMessagesApi = apiModule("anthropic-messages");
export const openAICompletionsApi = apiModule("openai-completions");
export const openAIResponsesApi = apiModule("openai-responses");
export const azureOpenAIResponsesApi = apiModule("azure-openai-responses");
export const openAICodexResponsesApi = apiModule("openai-codex-responses");
export const googleGenerativeAIApi = apiModule("google-generative-ai");
export const googleVertexApi = apiModule("google-vertex");
export const mistralConversationsApi = apiModule("mistral-conversations");
export const bedrockConverseStreamApi = apiModule("bedrock-converse-stream");
export const piMessagesApi = apiModule("pi-messages");
