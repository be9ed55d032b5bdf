// What /login offers and the models of the subscription-only providers, without the sign-in
// flows: the "oauth" service answers its synchronous questions (the menu, the models, who is signed
// in) from here, and loads the flows (flows.ts) when someone signs in or a token is due.
import type { Model } from "pi-kernel";
import type { Subscription } from "../../contracts/oauth.js";

export const COPILOT_HEADERS: Readonly<Record<string, string>> = {
  "User-Agent": "GitHubCopilotChat/0.35.0",
  "Editor-Version": "vscode/1.107.0",
  "Editor-Plugin-Version": "copilot-chat/0.35.0",
  "Copilot-Integration-Id": "vscode-chat",
};
export const COPILOT_BASE_URL = "https://api.individual.githubcopilot.com";
export const CODEX_BASE_URL = "https://chatgpt.com/backend-api";
export const CODE_ASSIST = "https://cloudcode-pa.googleapis.com";
export const ANTIGRAVITY_ENDPOINT = "https://daily-cloudcode-pa.sandbox.googleapis.com";

type Row = [id: string, name: string, contextWindow: number, maxTokens: number, reasoning: boolean, images: boolean];

/** A model row of a subscription catalog. */
export function subscriptionModel(provider: string, api: string, baseUrl: string, row: Row, headers?: Record<string, string>): Model {
  const [id, name, contextWindow, maxTokens, reasoning, images] = row;
  return {
    id,
    name,
    api,
    provider,
    baseUrl,
    reasoning,
    input: images ? ["text", "image"] : ["text"],
    // Included in the subscription: nothing is billed per token.
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow,
    maxTokens,
    ...(headers && { headers }),
  };
}

export interface CatalogEntry extends Subscription {
  /** The models of a subscription-only provider (none for Anthropic: its API models are the same). */
  models: readonly Model[];
}

const COPILOT: [api: string, row: Row][] = [
  ["anthropic-messages", ["claude-sonnet-4.5", "Claude Sonnet 4.5 (Copilot)", 128_000, 16_000, true, true]],
  ["anthropic-messages", ["claude-opus-4.5", "Claude Opus 4.5 (Copilot)", 128_000, 16_000, true, true]],
  ["anthropic-messages", ["claude-haiku-4.5", "Claude Haiku 4.5 (Copilot)", 128_000, 16_000, true, true]],
  ["openai-responses", ["gpt-5", "GPT-5 (Copilot)", 128_000, 128_000, true, true]],
  ["openai-responses", ["gpt-5-mini", "GPT-5 mini (Copilot)", 128_000, 64_000, true, true]],
  ["openai-responses", ["gpt-5.1-codex", "GPT-5.1 Codex (Copilot)", 128_000, 128_000, true, true]],
  ["openai-completions", ["gpt-4.1", "GPT-4.1 (Copilot)", 128_000, 16_384, false, true]],
  ["openai-completions", ["gpt-4o", "GPT-4o (Copilot)", 128_000, 4_096, false, true]],
  ["openai-completions", ["gemini-2.5-pro", "Gemini 2.5 Pro (Copilot)", 128_000, 64_000, false, true]],
  ["openai-completions", ["grok-code-fast-1", "Grok Code Fast 1 (Copilot)", 128_000, 64_000, true, false]],
];

const codex = (id: string, name: string): Row => [id, name, 272_000, 128_000, true, true];

/** /login's menu, in pi's order. */
export const CATALOG: readonly CatalogEntry[] = [
  { id: "anthropic", name: "Anthropic (Claude Pro/Max)", flow: "browser", models: [] },
  {
    id: "github-copilot",
    name: "GitHub Copilot",
    flow: "device",
    models: COPILOT.map(([api, row]) => subscriptionModel("github-copilot", api, COPILOT_BASE_URL, row, { ...COPILOT_HEADERS })),
  },
  {
    id: "google-gemini-cli",
    name: "Google Gemini CLI",
    flow: "browser",
    models: (
      [
        ["gemini-2.5-pro", "Gemini 2.5 Pro (Gemini CLI)", 1_048_576, 65_536, true, true],
        ["gemini-2.5-flash", "Gemini 2.5 Flash (Gemini CLI)", 1_048_576, 65_536, true, true],
        ["gemini-3-pro-preview", "Gemini 3 Pro Preview (Gemini CLI)", 1_048_576, 65_536, true, true],
      ] as Row[]
    ).map((row) => subscriptionModel("google-gemini-cli", "google-gemini-cli", CODE_ASSIST, row)),
  },
  {
    id: "google-antigravity",
    name: "Antigravity (Gemini 3, Claude, GPT-OSS)",
    flow: "browser",
    models: (
      [
        ["gemini-3-pro-high", "Gemini 3 Pro High (Antigravity)", 1_048_576, 65_535, true, true],
        ["gemini-3-pro-low", "Gemini 3 Pro Low (Antigravity)", 1_048_576, 65_535, true, true],
        ["claude-sonnet-4-5", "Claude Sonnet 4.5 (Antigravity)", 200_000, 64_000, false, true],
        ["claude-sonnet-4-5-thinking", "Claude Sonnet 4.5 Thinking (Antigravity)", 200_000, 64_000, true, true],
        ["gpt-oss-120b-medium", "GPT-OSS 120B (Antigravity)", 131_072, 32_768, false, false],
      ] as Row[]
    ).map((row) => subscriptionModel("google-antigravity", "google-gemini-cli", ANTIGRAVITY_ENDPOINT, row)),
  },
  {
    id: "openai-codex",
    name: "ChatGPT Plus/Pro (Codex subscription)",
    flow: "browser",
    models: [
      codex("gpt-5.1", "GPT-5.1"),
      codex("gpt-5.1-codex", "GPT-5.1 Codex"),
      codex("gpt-5.1-codex-max", "GPT-5.1 Codex Max"),
      codex("gpt-5.1-codex-mini", "GPT-5.1 Codex Mini"),
      codex("gpt-5.2", "GPT-5.2"),
      codex("gpt-5.2-codex", "GPT-5.2 Codex"),
    ].map((r) => subscriptionModel("openai-codex", "openai-codex-responses", CODEX_BASE_URL, r)),
  },
];

/** The catalog's entry of `id` (a subscription file's id, name, flow and models). */
export function catalogEntry(id: string): CatalogEntry {
  const entry = CATALOG.find((e) => e.id === id);
  if (!entry) throw new Error(`auth-oauth: no catalog entry "${id}"`);
  return entry;
}
