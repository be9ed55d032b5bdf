// Finding a model from what a user typed: `id`, `provider/id`, or a fragment of an id or name.
import type { Model, ThinkingLevel } from "pi-kernel";

export const THINKING_LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

export function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

export function findModel(models: Model[], provider: string, id: string): Model | undefined {
  return models.find((m) => m.provider === provider && m.id === id);
}

/**
 * Exact id first, then case-insensitive exact id, then a case-insensitive substring of the id,
 * then of the name; the first in models.json order wins each step.
 */
export function resolveModel(models: Model[], pattern: string, provider?: string): Model | undefined {
  if (!pattern) return undefined;
  for (const [pool, id] of candidates(models, pattern, provider)) {
    const q = id.toLowerCase();
    const found =
      pool.find((m) => m.id === id) ??
      pool.find((m) => m.id.toLowerCase() === q) ??
      pool.find((m) => m.id.toLowerCase().includes(q)) ??
      pool.find((m) => m.name.toLowerCase().includes(q));
    if (found) return found;
  }
  return undefined;
}

// Ids may contain "/" themselves (OpenRouter's "anthropic/claude-..."), so `provider/id` is one
// reading among others: the whole pattern as an id is tried first.
function candidates(models: Model[], pattern: string, provider?: string): [Model[], string][] {
  const pool = provider ? models.filter((m) => m.provider === provider) : models;
  const out: [Model[], string][] = [];
  const slash = pattern.indexOf("/");
  const prefix = slash > 0 ? pattern.slice(0, slash) : undefined;
  if (prefix && (provider === undefined || prefix === provider) && models.some((m) => m.provider === prefix)) {
    const exactWhole = pool.find((m) => m.id === pattern);
    if (exactWhole) return [[[exactWhole], pattern]];
    out.push([models.filter((m) => m.provider === prefix), pattern.slice(slash + 1)]);
  }
  out.push([pool, pattern]);
  return out;
}

/** `id:high` → the pattern and the level; a suffix that is not a level stays (ollama's `qwen3:8b`). */
export function splitThinkingSuffix(value: string): { pattern: string; level?: ThinkingLevel } {
  const colon = value.lastIndexOf(":");
  const suffix = value.slice(colon + 1);
  if (colon <= 0 || !isThinkingLevel(suffix)) return { pattern: value };
  return { pattern: value.slice(0, colon), level: suffix };
}
