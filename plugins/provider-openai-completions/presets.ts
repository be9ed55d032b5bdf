// What OpenAI-compatible servers differ in, as data. A preset is picked by the model's provider
// name or its baseUrl; the model's own `compat` (models.json) overrides any preset key.
import type { Model } from "pi-kernel";

/** The compat keys this provider understands (pi's names, plus toolCallIdFormat). */
export interface Compat {
  /** Send `store: false` (OpenAI itself; others reject the field). */
  supportsStore?: boolean;
  /** Use the `developer` role for the system prompt of reasoning models. */
  supportsDeveloperRole?: boolean;
  /** Send `reasoning_effort` (with thinkingFormat "openai"). */
  supportsReasoningEffort?: boolean;
  /** Send `stream_options: {include_usage: true}`. */
  supportsUsageInStreaming?: boolean;
  maxTokensField?: "max_completion_tokens" | "max_tokens";
  /** Tool messages must carry the tool's `name`. */
  requiresToolResultName?: boolean;
  /** A user message may not directly follow tool results (an assistant note is inserted). */
  requiresAssistantAfterToolResult?: boolean;
  /** Replay our own thinking as plain text (servers that want it back but have no field). */
  requiresThinkingAsText?: boolean;
  /** How thinking is switched on: reasoning_effort, OpenRouter's `reasoning`, `thinking`, `enable_thinking`. */
  thinkingFormat?: "openai" | "openrouter" | "deepseek" | "zai" | "qwen";
  /** OpenRouter provider routing, sent as `provider`. */
  openRouterRouting?: Record<string, unknown>;
  /** Mistral wants tool-call ids of exactly 9 letters and digits. */
  toolCallIdFormat?: "mistral";
}

interface Preset {
  name: string;
  matches(model: Model, url: URL | undefined): boolean;
  compat: Compat;
}

const host = (url: URL | undefined, name: string) => url !== undefined && (url.hostname === name || url.hostname.endsWith(`.${name}`));
const local = (url: URL | undefined, port: string) =>
  url !== undefined && ["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"].includes(url.hostname) && url.port === port;
const named = (model: Model, ...names: string[]) => names.includes(model.provider.toLowerCase());

// Local servers: no store, no developer role, the classic max_tokens field.
const LOCAL: Compat = { supportsStore: false, supportsDeveloperRole: false, maxTokensField: "max_tokens" };

export const PRESETS: Preset[] = [
  { name: "openai", matches: (_m, u) => host(u, "api.openai.com"), compat: { supportsStore: true, supportsDeveloperRole: true } },
  {
    name: "openrouter",
    matches: (m, u) => host(u, "openrouter.ai") || named(m, "openrouter"),
    compat: { supportsStore: false, supportsDeveloperRole: false, thinkingFormat: "openrouter" },
  },
  {
    name: "groq",
    matches: (m, u) => host(u, "api.groq.com") || named(m, "groq"),
    compat: { supportsStore: false, supportsDeveloperRole: false },
  },
  {
    name: "cerebras",
    matches: (m, u) => host(u, "api.cerebras.ai") || named(m, "cerebras"),
    compat: { supportsStore: false, supportsDeveloperRole: false },
  },
  {
    name: "xai",
    matches: (m, u) => host(u, "api.x.ai") || named(m, "xai"),
    compat: { supportsStore: false, supportsDeveloperRole: false, supportsReasoningEffort: false },
  },
  {
    name: "mistral",
    matches: (m, u) => host(u, "api.mistral.ai") || named(m, "mistral"),
    compat: {
      supportsStore: false,
      supportsDeveloperRole: false,
      supportsUsageInStreaming: false,
      maxTokensField: "max_tokens",
      requiresToolResultName: true,
      requiresAssistantAfterToolResult: true,
      toolCallIdFormat: "mistral",
    },
  },
  {
    name: "deepseek",
    matches: (m, u) => host(u, "api.deepseek.com") || named(m, "deepseek"),
    compat: { supportsStore: false, supportsDeveloperRole: false, supportsReasoningEffort: false, maxTokensField: "max_tokens" },
  },
  { name: "ollama", matches: (m, u) => local(u, "11434") || named(m, "ollama"), compat: { ...LOCAL, supportsReasoningEffort: false } },
  {
    name: "llama.cpp",
    matches: (m, u) => local(u, "8080") || named(m, "llama.cpp", "llamacpp", "llama-cpp"),
    compat: { ...LOCAL, supportsReasoningEffort: false },
  },
  {
    name: "lmstudio",
    matches: (m, u) => local(u, "1234") || named(m, "lmstudio", "lm-studio"),
    compat: { ...LOCAL, supportsReasoningEffort: false },
  },
  { name: "vllm", matches: (m, u) => local(u, "8000") || named(m, "vllm"), compat: { ...LOCAL } },
];

/** The preset for a model, if its provider or baseUrl is a known one. */
export function presetFor(model: Model): Preset | undefined {
  let url: URL | undefined;
  try {
    url = new URL(model.baseUrl);
  } catch {
    url = undefined;
  }
  return PRESETS.find((p) => p.matches(model, url));
}

/**
 * The preset's quirks with the model's own `compat` on top. Remembered per model (while the fields
 * it depends on stay the same): converting a long conversation asks once per message, and each
 * answer parsed a URL and ran every preset's test.
 */
export function effectiveCompat(model: Model): Compat {
  const seen = known.get(model);
  if (seen && seen.baseUrl === model.baseUrl && seen.provider === model.provider && seen.id === model.id && seen.compat === model.compat)
    return seen.value;
  const value = { ...(presetFor(model)?.compat ?? {}), ...((model.compat ?? {}) as Compat) };
  known.set(model, { baseUrl: model.baseUrl, provider: model.provider, id: model.id, compat: model.compat, value });
  return value;
}

const known = new WeakMap<Model, { baseUrl: string; provider: string; id: string; compat: unknown; value: Compat }>();
