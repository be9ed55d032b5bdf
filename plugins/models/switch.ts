// Switching models as pi does: the level the user prefers is kept apart from the level the model
// can run. A model without reasoning runs with "off" (a clamp), and the next reasoning model gets
// the preferred level back: the current level while the model reasons, else the saved
// defaultThinkingLevel (or "medium"). A scope entry's own level ("model:high") wins.
import type { Model, PluginApi, ThinkingLevel } from "pi-kernel";
import { clampThinkingLevel } from "../../lib/mode-kit/index.js";

const LEVELS: readonly string[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

/** The level to carry to the next model (pi's `_getThinkingLevelForModelSwitch`). */
export function preferredLevel(api: PluginApi, explicit?: ThinkingLevel): ThinkingLevel {
  if (explicit) return explicit;
  if (api.agent.model?.reasoning) return api.agent.thinkingLevel;
  const saved = api.services.has("settings") ? api.services.use("settings").get("defaultThinkingLevel") : api.settings.defaultThinkingLevel;
  return typeof saved === "string" && LEVELS.includes(saved) ? (saved as ThinkingLevel) : "medium";
}

/** Selects `model` and sets the preferred level, clamped to what the model can do. */
export function switchModel(api: PluginApi, model: Model, source: "set" | "cycle" = "set", explicit?: ThinkingLevel): ThinkingLevel {
  const wanted = preferredLevel(api, explicit);
  api.actions.setModel(model, source);
  const level = clampThinkingLevel(wanted, model);
  if (level !== api.agent.thinkingLevel) api.actions.setThinkingLevel(level);
  return level;
}
