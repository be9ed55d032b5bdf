// Remembers the user's choices as pi does: a model picked (Ctrl+L, /model, Ctrl+P cycling, an
// extension or RPC client) becomes defaultProvider/defaultModel, a thinking level chosen becomes
// defaultThinkingLevel. What start-up decides (flags, a restored session, SDK options) is not a
// choice and is not written: nothing is remembered until the boot has finished.
import { Stage, type AgentEvent, type Model, type PluginApi } from "pi-kernel";
import type { SettingsService } from "./store.js";

export function rememberChoices(api: PluginApi, settings: SettingsService): void {
  let ready = false;
  // A session restore sets the model ("restore") and then its thinking level in the same tick.
  let restoring = false;
  api.on(
    "boot",
    () => {
      ready = false;
      // After the last boot tap, and after whatever the caller does right after start() (the SDK
      // applies its options there).
      setImmediate(() => (ready = true));
    },
    { stage: Stage.LATE },
  );

  const save = (values: Record<string, unknown>) => {
    try {
      settings.setMany(values);
    } catch (error) {
      api.diagnose({ level: "warning", where: "settings", message: `could not remember the choice: ${(error as Error).message}` });
    }
  };

  api.on("event", (e: AgentEvent) => {
    if (e.type === "model_select" && e.source === "restore") {
      restoring = true;
      queueMicrotask(() => (restoring = false));
      return;
    }
    if (!ready || restoring) return;
    if (e.type === "model_select") {
      const m = e.model as Model;
      save({ defaultProvider: m.provider, defaultModel: m.id });
    } else if (e.type === "thinking_level_select" && e.level !== e.previousLevel) {
      // pi keeps the saved level when a model without reasoning forces "off".
      if (api.agent.model?.reasoning || e.level !== "off") save({ defaultThinkingLevel: e.level });
    }
  });
}
