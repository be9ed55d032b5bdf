// pi-ai/oauth: the OAuth provider registry. Providers an extension registers work as in pi; the
// built-in login flows (Anthropic, GitHub Copilot, OpenAI Codex) are pi's own sign-in code, which
// pi-kernel does not carry: they throw naming the flow (keys come from auth.json/env instead).
import { unavailable } from "./unavailable.js";

export interface OAuthProvider {
  id: string;
  name: string;
  [key: string]: unknown;
}

const registered = new Map<string, OAuthProvider>();
const NO_LOGIN = "pi-kernel has no OAuth sign-in; put the provider's key in auth.json or its environment variable";

function builtIn(id: string, name: string): OAuthProvider {
  return {
    id,
    name,
    login: unavailable(`${name} OAuth login`, NO_LOGIN),
    refreshToken: unavailable(`${name} token refresh`, NO_LOGIN),
    getApiKey: (c: { access?: string }) => c.access,
  };
}

export const anthropicOAuthProvider = builtIn("anthropic", "Anthropic (Claude Pro/Max)");
export const githubCopilotOAuthProvider = builtIn("github-copilot", "GitHub Copilot");
export const openaiCodexOAuthProvider = builtIn("openai-codex", "ChatGPT Plus/Pro (Codex Subscription)");

export function registerOAuthProvider(provider: OAuthProvider): void {
  registered.set(provider.id, provider);
}
export function unregisterOAuthProvider(id: string): void {
  registered.delete(id);
}
export function resetOAuthProviders(): void {
  registered.clear();
}
export function getOAuthProvider(id: string): OAuthProvider | undefined {
  return registered.get(id);
}
export function getOAuthProviders(): OAuthProvider[] {
  return [...registered.values()];
}
export function getOAuthProviderInfoList(): { id: string; name: string; available: boolean }[] {
  return getOAuthProviders().map((p) => ({ id: p.id, name: p.name, available: true }));
}

/** An OAuth provider's API key from stored credentials, refreshing is the provider's job. */
export async function getOAuthApiKey(providerId: string, credentials: Record<string, { access?: string }>) {
  const provider = registered.get(providerId);
  const stored = credentials[providerId];
  if (!provider || !stored) return null;
  const getApiKey = provider.getApiKey as ((c: unknown) => string) | undefined;
  return { newCredentials: stored, apiKey: getApiKey ? getApiKey(stored) : stored.access };
}

/** A GitHub Enterprise host from what a user typed ("https://ghe.example.com/" → "ghe.example.com"). */
export function normalizeDomain(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  try {
    return new URL(trimmed.includes("://") ? trimmed : `https://${trimmed}`).hostname;
  } catch {
    return null;
  }
}

export function getGitHubCopilotBaseUrl(token?: string, enterpriseDomain?: string): string {
  const proxy = token?.match(/proxy-ep=([^;]+)/)?.[1];
  if (proxy) return `https://${proxy.replace(/^proxy\./, "api.")}`;
  return enterpriseDomain ? `https://copilot-api.${enterpriseDomain}` : "https://api.individual.githubcopilot.com";
}

export const loginAnthropic = unavailable("loginAnthropic", NO_LOGIN);
export const loginGitHubCopilot = unavailable("loginGitHubCopilot", NO_LOGIN);
export const loginOpenAICodex = unavailable("loginOpenAICodex", NO_LOGIN);
export const refreshAnthropicToken = unavailable("refreshAnthropicToken", NO_LOGIN);
export const refreshGitHubCopilotToken = unavailable("refreshGitHubCopilotToken", NO_LOGIN);
export const refreshOpenAICodexToken = unavailable("refreshOpenAICodexToken", NO_LOGIN);
export const refreshOAuthToken = unavailable("refreshOAuthToken", NO_LOGIN);
