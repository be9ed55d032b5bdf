// The thinking levels a model offers (pi-ai's getSupportedThinkingLevels and clampThinkingLevel):
// the agent only ever holds a level its model can run, so what it reports is what is sent.
import type { Model, ThinkingLevel } from "./types.js";

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

/** Only "off" without reasoning; "xhigh" only when the model's thinkingLevelMap names it; `null` hides a level. */
export function availableThinkingLevels(model: Model | undefined): ThinkingLevel[] {
  if (!model) return [...LEVELS];
  if (!model.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return LEVELS.filter((level) => map[level] !== null && (level !== "xhigh" || map.xhigh !== undefined));
}

/** The level if offered, else the next higher offered one, else the next lower one. */
export function clampThinkingLevel(level: ThinkingLevel, model: Model | undefined): ThinkingLevel {
  const offered = availableThinkingLevels(model);
  if (offered.includes(level)) return level;
  const at = LEVELS.indexOf(level);
  return offered.find((l) => LEVELS.indexOf(l) > at) ?? [...offered].reverse().find((l) => LEVELS.indexOf(l) < at) ?? "off";
}
