// Switching models as pi 0.86 does: the level to carry is the scope entry's own ("model:high"),
// else the one settings give the new model (modelThinkingLevels, then defaultThinkingLevel),
// else the current one. The agent clamps it to what the model can do, so a model without
// reasoning runs with "off", and a reasoning model after it keeps "off" unless settings say more.
import type { Model, PluginApi, ThinkingLevel } from "pi-kernel";
import { settingsLevel } from "./select.js";

/** The level to carry to `model` (pi's `_getThinkingLevelForModelSwitch`). */
export function preferredLevel(api: PluginApi, model: Model, explicit?: ThinkingLevel): ThinkingLevel {
  if (explicit) return explicit;
  const settings = api.services.get("settings");
  const saved = settingsLevel(
    settings
      ? { modelThinkingLevels: settings.get("modelThinkingLevels"), defaultThinkingLevel: settings.get("defaultThinkingLevel") }
      : api.settings,
    model,
  );
  return saved ?? api.agent.thinkingLevel;
}

/** Selects `model` and sets the preferred level, clamped to what the model can do. */
export function switchModel(api: PluginApi, model: Model, source: "set" | "cycle" = "set", explicit?: ThinkingLevel): ThinkingLevel {
  const wanted = preferredLevel(api, model, explicit);
  api.actions.setModel(model, source);
  api.actions.setThinkingLevel(wanted);
  return api.agent.thinkingLevel;
}
