// Reads pi's models.json into Model objects. Problems become messages (never exceptions) so a
// broken file costs the user their custom models, not their session.
import { readFileSync } from "node:fs";
import type { Model } from "pi-kernel";
import { BUILTIN_PROVIDERS } from "./builtin.js";
import { JsoncError, parseJsonc } from "./jsonc.js";

export interface ProviderConfig {
  name?: string;
  baseUrl?: string;
  /** One key, or several: the first is used, and a rate limit (429) moves to the next. */
  apiKey?: string | string[];
  api?: string;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
  models?: ModelConfig[];
  /** Patches for built-in models of this provider, by id. */
  modelOverrides?: Record<string, ModelConfig>;
}
type ModelConfig = Partial<Omit<Model, "provider" | "cost">> & { cost?: Partial<Model["cost"]> };

export interface Problem {
  level: "error" | "warning";
  message: string;
}
export interface Catalog {
  models: Model[];
  providers: Map<string, ProviderConfig>;
  problems: Problem[];
}

const DEFAULTS = { reasoning: false, input: ["text"] as Model["input"], contextWindow: 128_000, maxTokens: 16_384 };

export function loadCatalog(file: string): Catalog {
  const catalog: Catalog = { models: [], providers: new Map(), problems: [] };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      catalog.problems.push({ level: "error", message: `${file}: cannot read: ${(error as Error).message}` });
    return catalog; // no models.json is normal: models may come from elsewhere
  }
  let root: unknown;
  try {
    root = parseJsonc(text);
  } catch (error) {
    const detail = error instanceof JsoncError ? `invalid JSON at ${error.message}` : String(error);
    catalog.problems.push({ level: "error", message: `${file}: ${detail}` });
    return catalog;
  }
  const providers = isRecord(root) ? root.providers : undefined;
  if (!isRecord(providers)) {
    catalog.problems.push({ level: "error", message: `${file}: expected an object with a "providers" object` });
    return catalog;
  }
  for (const [name, config] of Object.entries(providers)) {
    if (!isRecord(config)) {
      catalog.problems.push({ level: "warning", message: `${file}: providers.${name} is not an object; skipped` });
      continue;
    }
    if (config.apiKey !== undefined && !validKey(config.apiKey)) {
      catalog.problems.push({
        level: "error",
        message: `${file}: providers.${name}.apiKey must be a string or an array of strings (several keys); ignored`,
      });
      delete config.apiKey;
    }
    catalog.providers.set(name, config as ProviderConfig);
    addModels(catalog, file, name, config as ProviderConfig);
  }
  return catalog;
}

function addModels(catalog: Catalog, file: string, provider: string, config: ProviderConfig): void {
  if (config.models === undefined) return;
  if (!Array.isArray(config.models)) {
    catalog.problems.push({ level: "warning", message: `${file}: providers.${provider}.models is not an array; skipped` });
    return;
  }
  config.models.forEach((entry, i) => {
    const where = `${file}: providers.${provider}.models[${i}]`;
    const result = isRecord(entry) ? toModel(provider, config, entry) : "is not an object";
    if (typeof result === "string") catalog.problems.push({ level: "warning", message: `${where} ${result}; skipped` });
    // `source`: providers name the file in errors a user fixes there (provider-kit's modelSource).
    else catalog.models.push(Object.assign(result, { source: file }));
  });
}

/** A model with the provider's settings inherited and pi's defaults filled in, or what is wrong. */
function toModel(provider: string, p: ProviderConfig, m: ModelConfig): Model | string {
  if (typeof m.id !== "string" || m.id === "") return 'has no "id"';
  // A built-in provider's models inherit its api and endpoint.
  const api = m.api ?? p.api ?? BUILTIN_PROVIDERS[provider]?.api;
  const baseUrl = m.baseUrl ?? p.baseUrl ?? BUILTIN_PROVIDERS[provider]?.baseUrl;
  if (typeof api !== "string") return `("${m.id}") has no "api" (set it on the model or its provider)`;
  if (typeof baseUrl !== "string") return `("${m.id}") has no "baseUrl" (set it on the model or its provider)`;
  const model: Model = {
    id: m.id,
    name: typeof m.name === "string" ? m.name : m.id,
    api,
    provider,
    baseUrl,
    reasoning: typeof m.reasoning === "boolean" ? m.reasoning : DEFAULTS.reasoning,
    input: Array.isArray(m.input) ? m.input : DEFAULTS.input,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...(isRecord(m.cost) ? m.cost : {}) },
    contextWindow: typeof m.contextWindow === "number" ? m.contextWindow : DEFAULTS.contextWindow,
    maxTokens: typeof m.maxTokens === "number" ? m.maxTokens : DEFAULTS.maxTokens,
  };
  const headers = merged(p.headers, m.headers);
  if (headers) model.headers = headers as Record<string, string>;
  const compat = merged(p.compat, m.compat);
  if (compat) model.compat = compat;
  if (isRecord(m.thinkingLevelMap)) model.thinkingLevelMap = m.thinkingLevelMap;
  return model;
}

function validKey(value: unknown): boolean {
  const filled = (v: unknown) => typeof v === "string" && v !== "";
  return typeof value === "string" || (Array.isArray(value) && value.length > 0 && value.every(filled));
}

export function merged(a: unknown, b: unknown): Record<string, unknown> | undefined {
  if (!isRecord(a) && !isRecord(b)) return undefined;
  return { ...(isRecord(a) ? a : {}), ...(isRecord(b) ? b : {}) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
