// Which thinking levels a model offers: only "off" without reasoning; "xhigh" only when the
// model's thinkingLevelMap names it; a `null` entry hides a level (pi's rules).
import type { Model, ThinkingLevel } from "pi-kernel";

const ALL: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

export function availableThinkingLevels(model: Model | undefined): ThinkingLevel[] {
  if (!model) return ALL;
  if (!model.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return ALL.filter((level) => (level === "xhigh" ? typeof map.xhigh === "string" : map[level] !== null));
}

/** The nearest offered level: the next higher one, else the next lower one. */
export function clampThinkingLevel(level: ThinkingLevel, model: Model | undefined): ThinkingLevel {
  const offered = availableThinkingLevels(model);
  if (offered.includes(level)) return level;
  const index = ALL.indexOf(level);
  return offered.find((l) => ALL.indexOf(l) > index) ?? [...offered].reverse().find((l) => ALL.indexOf(l) < index) ?? "off";
}
