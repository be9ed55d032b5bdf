// The built-in catalog: current models of the major providers, so a user with just an API key in
// the environment can start. Prices are USD per million tokens (input, output, cache read, cache
// write) as published by each provider; models.json can correct or extend any of it.
import type { Model } from "pi-kernel";

/** The environment variable each provider's key is read from (pi's names). */
export const ENV_KEYS: Readonly<Record<string, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  google: "GEMINI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  groq: "GROQ_API_KEY",
  xai: "XAI_API_KEY",
  mistral: "MISTRAL_API_KEY",
  deepseek: "DEEPSEEK_API_KEY",
  cerebras: "CEREBRAS_API_KEY",
  fireworks: "FIREWORKS_API_KEY",
  zai: "ZAI_API_KEY",
  moonshot: "MOONSHOT_API_KEY",
  minimax: "MINIMAX_API_KEY",
  huggingface: "HF_TOKEN",
  "vercel-ai-gateway": "AI_GATEWAY_API_KEY",
  opencode: "OPENCODE_API_KEY",
};

interface ProviderInfo {
  api: string;
  baseUrl: string;
}
export const BUILTIN_PROVIDERS: Readonly<Record<string, ProviderInfo>> = {
  anthropic: { api: "anthropic-messages", baseUrl: "https://api.anthropic.com" },
  openai: { api: "openai-responses", baseUrl: "https://api.openai.com/v1" },
  google: { api: "google-generative-ai", baseUrl: "https://generativelanguage.googleapis.com/v1beta" },
  openrouter: { api: "openai-completions", baseUrl: "https://openrouter.ai/api/v1" },
  groq: { api: "openai-completions", baseUrl: "https://api.groq.com/openai/v1" },
  xai: { api: "openai-completions", baseUrl: "https://api.x.ai/v1" },
  mistral: { api: "openai-completions", baseUrl: "https://api.mistral.ai/v1" },
  deepseek: { api: "openai-completions", baseUrl: "https://api.deepseek.com/v1" },
  cerebras: { api: "openai-completions", baseUrl: "https://api.cerebras.ai/v1" },
};

// [id, name, context window, max output, reasoning, images, [input, output, cacheRead, cacheWrite]]
type Row = [string, string, number, number, boolean, boolean, [number, number, number, number]];
const R = true;
const I = true;
const _ = false;

const ROWS: Record<string, Row[]> = {
  anthropic: [
    ["claude-opus-4-5", "Claude Opus 4.5", 200_000, 64_000, R, I, [5, 25, 0.5, 6.25]],
    ["claude-sonnet-4-5", "Claude Sonnet 4.5", 200_000, 64_000, R, I, [3, 15, 0.3, 3.75]],
    ["claude-haiku-4-5", "Claude Haiku 4.5", 200_000, 64_000, R, I, [1, 5, 0.1, 1.25]],
    ["claude-opus-4-1", "Claude Opus 4.1", 200_000, 32_000, R, I, [15, 75, 1.5, 18.75]],
    ["claude-sonnet-4-0", "Claude Sonnet 4", 200_000, 64_000, R, I, [3, 15, 0.3, 3.75]],
  ],
  openai: [
    ["gpt-5.1", "GPT-5.1", 400_000, 128_000, R, I, [1.25, 10, 0.125, 0]],
    ["gpt-5.1-codex", "GPT-5.1 Codex", 400_000, 128_000, R, I, [1.25, 10, 0.125, 0]],
    ["gpt-5", "GPT-5", 400_000, 128_000, R, I, [1.25, 10, 0.125, 0]],
    ["gpt-5-mini", "GPT-5 mini", 400_000, 128_000, R, I, [0.25, 2, 0.025, 0]],
    ["gpt-5-nano", "GPT-5 nano", 400_000, 128_000, R, I, [0.05, 0.4, 0.005, 0]],
    ["o4-mini", "o4-mini", 200_000, 100_000, R, I, [1.1, 4.4, 0.275, 0]],
    ["gpt-4.1", "GPT-4.1", 1_047_576, 32_768, _, I, [2, 8, 0.5, 0]],
    ["gpt-4o", "GPT-4o", 128_000, 16_384, _, I, [2.5, 10, 1.25, 0]],
  ],
  google: [
    ["gemini-3-pro-preview", "Gemini 3 Pro Preview", 1_048_576, 65_536, R, I, [2, 12, 0.2, 0]],
    ["gemini-2.5-pro", "Gemini 2.5 Pro", 1_048_576, 65_536, R, I, [1.25, 10, 0.125, 0]],
    ["gemini-2.5-flash", "Gemini 2.5 Flash", 1_048_576, 65_536, R, I, [0.3, 2.5, 0.03, 0]],
    ["gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", 1_048_576, 65_536, R, I, [0.1, 0.4, 0.01, 0]],
  ],
  openrouter: [
    ["anthropic/claude-sonnet-4.5", "Claude Sonnet 4.5 (OpenRouter)", 1_000_000, 64_000, R, I, [3, 15, 0.3, 3.75]],
    ["openai/gpt-5", "GPT-5 (OpenRouter)", 400_000, 128_000, R, I, [1.25, 10, 0.125, 0]],
    ["google/gemini-2.5-pro", "Gemini 2.5 Pro (OpenRouter)", 1_048_576, 65_536, R, I, [1.25, 10, 0.31, 1.625]],
    ["qwen/qwen3-coder", "Qwen3 Coder (OpenRouter)", 262_144, 65_536, _, _, [0.22, 0.95, 0, 0]],
    ["z-ai/glm-4.6", "GLM 4.6 (OpenRouter)", 202_752, 131_072, R, _, [0.4, 1.75, 0, 0]],
    ["moonshotai/kimi-k2-thinking", "Kimi K2 Thinking (OpenRouter)", 262_144, 65_536, R, _, [0.6, 2.5, 0.15, 0]],
  ],
  groq: [
    ["openai/gpt-oss-120b", "GPT OSS 120B (Groq)", 131_072, 65_536, R, _, [0.15, 0.6, 0, 0]],
    ["openai/gpt-oss-20b", "GPT OSS 20B (Groq)", 131_072, 65_536, R, _, [0.075, 0.3, 0, 0]],
    ["moonshotai/kimi-k2-instruct-0905", "Kimi K2 (Groq)", 262_144, 16_384, _, _, [1, 3, 0, 0]],
    ["qwen/qwen3-32b", "Qwen3 32B (Groq)", 131_072, 40_960, R, _, [0.29, 0.59, 0, 0]],
    ["llama-3.3-70b-versatile", "Llama 3.3 70B (Groq)", 131_072, 32_768, _, _, [0.59, 0.79, 0, 0]],
  ],
  xai: [
    ["grok-4", "Grok 4", 256_000, 64_000, R, I, [3, 15, 0.75, 0]],
    ["grok-4-fast-reasoning", "Grok 4 Fast", 2_000_000, 30_000, R, I, [0.2, 0.5, 0.05, 0]],
    ["grok-code-fast-1", "Grok Code Fast 1", 256_000, 10_000, R, _, [0.2, 1.5, 0.02, 0]],
    ["grok-3-mini", "Grok 3 mini", 131_072, 8_192, R, _, [0.3, 0.5, 0.075, 0]],
  ],
  mistral: [
    ["mistral-large-latest", "Mistral Large", 131_072, 16_384, _, I, [2, 6, 0, 0]],
    ["mistral-medium-latest", "Mistral Medium", 131_072, 16_384, _, I, [0.4, 2, 0, 0]],
    ["devstral-medium-latest", "Devstral Medium", 131_072, 16_384, _, _, [0.4, 2, 0, 0]],
    ["codestral-latest", "Codestral", 256_000, 16_384, _, _, [0.3, 0.9, 0, 0]],
    ["magistral-medium-latest", "Magistral Medium", 131_072, 40_000, R, I, [2, 5, 0, 0]],
  ],
  deepseek: [
    ["deepseek-chat", "DeepSeek V3.2 (chat)", 128_000, 8_192, _, _, [0.28, 0.42, 0.028, 0]],
    ["deepseek-reasoner", "DeepSeek V3.2 (reasoner)", 128_000, 64_000, R, _, [0.28, 0.42, 0.028, 0]],
  ],
  cerebras: [
    ["gpt-oss-120b", "GPT OSS 120B (Cerebras)", 131_072, 32_768, R, _, [0.35, 0.75, 0, 0]],
    ["qwen-3-coder-480b", "Qwen3 Coder 480B (Cerebras)", 131_072, 40_000, _, _, [2, 2, 0, 0]],
    ["zai-glm-4.6", "GLM 4.6 (Cerebras)", 131_072, 40_000, R, _, [2.25, 2.75, 0, 0]],
    ["llama-3.3-70b", "Llama 3.3 70B (Cerebras)", 128_000, 65_536, _, _, [0.85, 1.2, 0, 0]],
  ],
};

/** Every built-in model, in catalog order. */
export function builtinModels(): Model[] {
  const out: Model[] = [];
  for (const [provider, rows] of Object.entries(ROWS)) {
    const { api, baseUrl } = BUILTIN_PROVIDERS[provider];
    for (const [id, name, contextWindow, maxTokens, reasoning, images, [input, output, cacheRead, cacheWrite]] of rows) {
      out.push({
        id,
        name,
        api,
        provider,
        baseUrl,
        reasoning,
        input: images ? ["text", "image"] : ["text"],
        cost: { input, output, cacheRead, cacheWrite },
        contextWindow,
        maxTokens,
      });
    }
  }
  return out;
}
