// The /settings items pi-kernel acts on: each knows its settings.json key, the values it cycles
// through, the value in force now, and how to apply a new one to the running agent. pi's other
// items (transport, images, hardware cursor, editor padding, double-escape action, changelog,
// telemetry, warnings, terminal progress, clear on shrink) have no effect here, so they are not
// offered.
import type { PluginApi, ThinkingLevel } from "pi-kernel";
import { availableThinkingLevels, clampThinkingLevel } from "../../lib/mode-kit/index.js";
import { TREE_FILTERS } from "../../lib/tui/index.js";
import type { SettingsService } from "./store.js";

export type Value = string | number | boolean;

export interface SettingItem {
  /** The settings.json key (dotted for nested ones); also what `/settings <key> <value>` takes. */
  key: string;
  label: string;
  description: string;
  values(): Value[];
  current(): Value;
  /** Applies the value where the running agent can and writes it to the global settings. */
  apply(value: Value): void;
}

const BOOL = (): Value[] => [true, false];

export function settingItems(api: PluginApi, settings: SettingsService): SettingItem[] {
  // Looked up at each use: a screen left open across a reload of the settings plugin reaches its new service.
  const store = () => api.services.get("settings") ?? settings;
  const themes = () => api.services.get("themes");
  /** A plain setting: written, and read from the merged settings wherever it is used. */
  const plain = (key: string, label: string, description: string, values: () => Value[], fallback: Value): SettingItem => ({
    key,
    label,
    description,
    values,
    current: () => {
      const v = store().get(key);
      return typeof v === typeof fallback ? (v as Value) : fallback;
    },
    apply: (value) => store().set(key, value),
  });
  const queue = (which: "steering" | "followUp"): SettingItem => {
    const key = which === "steering" ? "steeringMode" : "followUpMode";
    return {
      key,
      label: which === "steering" ? "Steering mode" : "Follow-up mode",
      description:
        which === "steering"
          ? "Messages sent while the agent works (Enter): delivered one at a time, or all at once"
          : "Queued follow-ups (Alt+Enter): delivered one at a time, or all at once",
      values: () => ["one-at-a-time", "all"],
      current: () => (which === "steering" ? api.agent.steeringMode : api.agent.followUpMode),
      apply: (value) => {
        const mode = value as "one-at-a-time" | "all";
        api.actions.setQueueModes(which === "steering" ? { steering: mode } : { followUp: mode });
        store().set(key, mode);
      },
    };
  };
  const items: SettingItem[] = [
    plain("compaction.enabled", "Auto-compact", "Compact the conversation automatically when the context fills up", BOOL, true),
    queue("steering"),
    queue("followUp"),
    plain("hideThinkingBlock", "Hide thinking", "Collapse thinking blocks in the transcript (Ctrl+T toggles)", BOOL, false),
    plain("quietStartup", "Quiet startup", "Skip the start-up banner (from the next start)", BOOL, false),
    {
      key: "defaultThinkingLevel",
      label: "Thinking level",
      description: "Reasoning effort for the current model (Shift+Tab cycles); remembered for the next start",
      values: () => availableThinkingLevels(api.agent.model),
      // What the model really uses (a model without reasoning runs with "off").
      current: () => clampThinkingLevel(api.agent.thinkingLevel, api.agent.model),
      // The choice is remembered by the thinking_level_select listener, as for Shift+Tab.
      apply: (value) => api.actions.setThinkingLevel(value as ThinkingLevel),
    },
    plain("doubleEscapeAction", "Double-escape action", "What Esc twice on an empty editor opens", () => ["tree", "fork", "none"], "tree"),
    plain("treeFilterMode", "Tree filter mode", "Which entries /tree shows when it opens", () => [...TREE_FILTERS], "default"),
    plain("enableSkillCommands", "Skill commands", "Offer skills as /skill:name commands (from the next start or /reload)", BOOL, true),
    plain(
      "autocompleteMaxVisible",
      "Autocomplete max items",
      "How many completions the list under the editor shows",
      () => [3, 5, 7, 10, 15, 20],
      5,
    ),
  ];
  if (themes()) {
    items.splice(6, 0, {
      key: "theme",
      label: "Theme",
      description: "Colours of the interface (the themes service remembers the choice)",
      values: () =>
        themes()
          ?.list()
          .map((t) => t.name) ?? [],
      current: () => themes()?.current().name ?? "",
      apply: (value) => themes()?.set(String(value)),
    });
  }
  return items;
}

/** Reads a typed value from the command line for an item, or explains what it takes. */
export function parseValue(item: SettingItem, text: string): Value {
  const values = item.values();
  const found = values.find((v) => String(v) === text.trim() || (typeof v === "boolean" && text.trim() === (v ? "on" : "off")));
  if (found === undefined) throw new Error(`${item.key} takes one of: ${values.map(String).join(", ")} (got "${text.trim()}")`);
  return found;
}

export function format(value: Value): string {
  return typeof value === "boolean" ? (value ? "on" : "off") : String(value);
}
