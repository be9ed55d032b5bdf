// --models: the models Ctrl+P cycles through. Comma-separated patterns, each a glob over
// `provider/id` or id (`anthropic/*`, `*sonnet*`) or a fuzzy pattern, optionally pinning a
// thinking level (`sonnet:high`).
import type { Model } from "pi-kernel";
import { resolveModel, splitThinkingSuffix } from "./resolve.js";

export type { Scoped } from "../../contracts/models.js";
import type { Scoped } from "../../contracts/models.js";

export function scopeModels(patterns: string, models: Model[]): { scoped: Scoped[]; unmatched: string[] } {
  const scoped: Scoped[] = [];
  const unmatched: string[] = [];
  for (const raw of patterns
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const { pattern, level } = splitThinkingSuffix(raw);
    const found =
      pattern.includes("*") || pattern.includes("?")
        ? globMatches(pattern, models)
        : [resolveModel(models, pattern)].filter((m): m is Model => m !== undefined);
    if (found.length === 0) unmatched.push(raw);
    for (const model of found) {
      if (!scoped.some((s) => s.model === model)) scoped.push(level ? { model, thinkingLevel: level } : { model });
    }
  }
  return { scoped, unmatched };
}

function globMatches(pattern: string, models: Model[]): Model[] {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  const re = new RegExp(`^${source}$`, "i");
  return models.filter((m) => re.test(`${m.provider}/${m.id}`) || re.test(m.id));
}

/** The next (or previous) entry after the current model, wrapping around. */
export function nextScoped(list: Scoped[], current: Model | undefined, direction: "forward" | "backward"): Scoped | undefined {
  if (list.length === 0) return undefined;
  const at = list.findIndex((s) => current && s.model.provider === current.provider && s.model.id === current.id);
  const step = direction === "forward" ? 1 : -1;
  const from = at < 0 ? (direction === "forward" ? -1 : 0) : at;
  return list[(from + step + list.length) % list.length];
}
