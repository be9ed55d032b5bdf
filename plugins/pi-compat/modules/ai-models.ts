// pi-ai's model catalog functions over the running agent's models service (its models.json, the
// built-in catalog and providers extensions add), and the model helpers that need no agent.
import type { Model, ThinkingLevel, Usage } from "../../../kernel/index.js";
import { clampThinkingLevel as clamp, supportedLevels } from "../../../lib/provider-kit/index.js";
import { requireApi } from "./runtime-link.js";

function catalog(what: string): Model[] {
  const models = requireApi(what).services.get("models");
  if (!models) throw new Error(`${what} needs the models service (the "models" plugin is not in this agent)`);
  return models.all();
}

/** The model `provider/id` from the agent's catalog (undefined when unknown, as pi's lookup). */
export function getModel(provider: string, modelId: string): Model | undefined {
  return (
    requireApi("getModel").services.get("models")?.find(provider, modelId) ??
    catalog("getModel").find((m) => m.provider === provider && m.id === modelId)
  );
}
export function getModels(provider: string): Model[] {
  return catalog("getModels").filter((m) => m.provider === provider);
}
export function getProviders(): string[] {
  return [...new Set(catalog("getProviders").map((m) => m.provider))];
}

/** Prices `usage` with the model's per-million rates; sets and returns `usage.cost` (as pi does). */
export function calculateCost(model: Model, usage: Usage): Usage["cost"] {
  const rate = (tokens: number, perMillion: number) => (perMillion / 1_000_000) * tokens;
  usage.cost.input = rate(usage.input, model.cost.input);
  usage.cost.output = rate(usage.output, model.cost.output);
  usage.cost.cacheRead = rate(usage.cacheRead, model.cost.cacheRead);
  usage.cost.cacheWrite = rate(usage.cacheWrite, model.cost.cacheWrite);
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  return usage.cost;
}

export function getSupportedThinkingLevels(model: Model): ThinkingLevel[] {
  return supportedLevels(model);
}
export function clampThinkingLevel(model: Model, level: ThinkingLevel): ThinkingLevel {
  return clamp(model, level);
}
export function modelsAreEqual(a: Model | null | undefined, b: Model | null | undefined): boolean {
  return !!a && !!b && a.id === b.id && a.provider === b.provider;
}
export function supportsImages(model: { input?: string[] }): boolean {
  return model.input?.includes("image") ?? false;
}

// Where pi reads each built-in provider's key from (the same names pi-kernel's models plugin reads).
const ENV_KEYS: Record<string, string[]> = {
  anthropic: ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"],
  "github-copilot": ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"],
  openai: ["OPENAI_API_KEY"],
  "azure-openai-responses": ["AZURE_OPENAI_API_KEY"],
  deepseek: ["DEEPSEEK_API_KEY"],
  google: ["GEMINI_API_KEY"],
  "google-vertex": ["GOOGLE_CLOUD_API_KEY"],
  groq: ["GROQ_API_KEY"],
  cerebras: ["CEREBRAS_API_KEY"],
  xai: ["XAI_API_KEY"],
  openrouter: ["OPENROUTER_API_KEY"],
  "vercel-ai-gateway": ["AI_GATEWAY_API_KEY"],
  zai: ["ZAI_API_KEY"],
  mistral: ["MISTRAL_API_KEY"],
  minimax: ["MINIMAX_API_KEY"],
  "minimax-cn": ["MINIMAX_CN_API_KEY"],
  moonshotai: ["MOONSHOT_API_KEY"],
  "moonshotai-cn": ["MOONSHOT_API_KEY"],
  huggingface: ["HF_TOKEN"],
  fireworks: ["FIREWORKS_API_KEY"],
  opencode: ["OPENCODE_API_KEY"],
  "opencode-go": ["OPENCODE_API_KEY"],
  "kimi-coding": ["KIMI_API_KEY"],
  "cloudflare-workers-ai": ["CLOUDFLARE_API_KEY"],
  "cloudflare-ai-gateway": ["CLOUDFLARE_API_KEY"],
  xiaomi: ["XIAOMI_API_KEY"],
};

/** The set environment variables holding `provider`'s key, undefined when none is set. */
export function findEnvKeys(provider: string): string[] | undefined {
  const found = (ENV_KEYS[provider] ?? []).filter((name) => !!process.env[name]);
  return found.length ? found : undefined;
}
export function getEnvApiKey(provider: string): string | undefined {
  const [first] = findEnvKeys(provider) ?? [];
  return first ? process.env[first] : undefined;
}
