// Thinking levels, clamped to what a model supports and mapped to each API's knob: a token
// budget (Anthropic, Gemini 2.5) or an effort name (OpenAI, Gemini 3).
import type { Model, ThinkingLevel } from "pi-kernel";

export const THINKING_LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

/**
 * The levels a model offers: only `off` without reasoning; `xhigh` only when its thinkingLevelMap
 * defines it; a `null` entry hides a level.
 */
export function supportedLevels(model: Model): ThinkingLevel[] {
  if (!model.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return THINKING_LEVELS.filter((level) => {
    if (map[level] === null) return false;
    return level !== "xhigh" || typeof map.xhigh === "string";
  });
}

/** The requested level if supported, else the next higher supported one, else the next lower. */
export function clampThinkingLevel(model: Model, level: ThinkingLevel | undefined): ThinkingLevel {
  const wanted = level ?? "off";
  const supported = supportedLevels(model);
  if (supported.includes(wanted)) return wanted;
  const at = THINKING_LEVELS.indexOf(wanted);
  const higher = THINKING_LEVELS.slice(at + 1).find((l) => supported.includes(l));
  const lower = [...THINKING_LEVELS.slice(0, at)].reverse().find((l) => supported.includes(l));
  return higher ?? lower ?? "off";
}

/** Default token budgets (pi's), overridable with settings.json `thinkingBudgets`. */
export const DEFAULT_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
  xhigh: 32768,
};

export function thinkingBudget(level: Exclude<ThinkingLevel, "off">, settings?: Readonly<Record<string, unknown>>): number {
  const custom = settings?.thinkingBudgets as Record<string, unknown> | undefined;
  const value = custom?.[level];
  return typeof value === "number" && value > 0 ? value : DEFAULT_BUDGETS[level];
}

/** The effort name to send: the model's own mapping when it has one, else the level's name. */
export function effortName(model: Model, level: Exclude<ThinkingLevel, "off">): string {
  const mapped = model.thinkingLevelMap?.[level];
  return typeof mapped === "string" ? mapped : level;
}

/** Base output budget when the caller sets none: the model's maximum, capped like pi does. */
export function baseMaxTokens(model: Model, requested?: number): number {
  return requested ?? Math.min(model.maxTokens, 32_000);
}
