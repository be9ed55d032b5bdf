// What the app follows while it runs: the editor border's colour (bash mode, or the thinking
// level of a reasoning model), theme changes, and settings that /settings changes live.
import type { PluginApi } from "pi-kernel";

/** The theme token of the editor border. */
export function borderToken(editorText: string, api: PluginApi): "thinkingOff" {
  if (editorText.startsWith("!")) return "bashMode" as "thinkingOff";
  const level = api.agent.thinkingLevel;
  if (!api.agent.model?.reasoning) return "thinkingOff";
  return `thinking${level[0]!.toUpperCase()}${level.slice(1)}` as "thinkingOff";
}

/** Calls `onTheme` when the theme changes and `onHideThinking` when hideThinkingBlock does; returns the unsubscribe. */
export function followLiveSettings(api: PluginApi, onTheme: () => void, onHideThinking: (hidden: boolean) => void): () => void {
  const offs: (() => void)[] = [];
  if (api.services.has("themes")) offs.push(api.services.use("themes").onChange(onTheme));
  const settings = api.services.get("settings");
  if (settings) offs.push(settings.onChange((key, value) => key === "hideThinkingBlock" && onHideThinking(value === true)));
  return () => {
    for (const off of offs) off();
  };
}
