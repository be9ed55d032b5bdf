// Settings: the "settings" service (read merged settings, write one key to the global or project
// settings.json atomically, listen for changes), the /settings screen (or, without a screen,
// `/settings` listing the values and `/settings <key> <value>` setting one), the queue modes
// from settings at start, and remembering the model and thinking level the user picks.
import { definePlugin, type PluginApi } from "pi-kernel";
import type { Theme } from "../../lib/tui/index.js";
import { format, parseValue, settingItems, type SettingItem } from "./items.js";
import { rememberChoices } from "./remember.js";
import { SettingsStore, type SettingsService } from "./store.js";

export type { SettingsService } from "./store.js";

export default definePlugin({
  name: "settings",
  uses: ["themes", "ui"],
  provides: ["settings"],
  setup(api) {
    const store = new SettingsStore(api.settings as Record<string, unknown>, api.agentDir, api.cwd);
    api.services.provide("settings", store);
    rememberChoices(api, store);
    api.on("boot", (ctx) => {
      if (ctx.reason === "startup") applyQueueModes(api);
    });
    api.register.command({
      name: "settings",
      description: "Show and change settings",
      argumentHint: "[key value]",
      source: "builtin",
      getArgumentCompletions: (prefix) =>
        settingItems(api, store)
          .filter((i) => i.key.startsWith(prefix))
          .map((i) => ({ value: i.key, label: i.label })),
      handler: (args) => settingsCommand(api, store, args.trim()),
    });
  },
});

function applyQueueModes(api: PluginApi): void {
  const mode = (v: unknown) => (v === "all" || v === "one-at-a-time" ? v : undefined);
  const steering = mode(api.settings.steeringMode);
  const followUp = mode(api.settings.followUpMode);
  if (steering || followUp) api.actions.setQueueModes({ steering, followUp });
}

function settingsCommand(api: PluginApi, store: SettingsService, args: string): string | Promise<undefined> {
  const items = settingItems(api, store);
  if (args) return setFromText(items, args);
  const ui = api.services.get("ui");
  if (!ui?.custom) return listing(items, store);
  // Opened, not awaited: the screen stays up while the input line is free again. The screen's
  // code (and its text-measuring libraries) loads only now, keeping `pi -p` start-up lean.
  return import("./screen.js").then(({ SettingsScreen }) => {
    void ui.custom?.<void>(
      (done, ctx) =>
        new SettingsScreen({
          items,
          theme: () => api.services.get("themes")?.current() ?? (ctx.theme as Theme),
          requestRender: ctx.requestRender,
          close: () => done(),
        }),
    );
    return undefined;
  });
}

function setFromText(items: SettingItem[], args: string): string {
  const [key, ...rest] = args.split(/\s+/);
  const item = items.find((i) => i.key === key || i.key.toLowerCase() === key.toLowerCase());
  if (!item) throw new Error(`unknown setting "${key}"; /settings lists them: ${items.map((i) => i.key).join(", ")}`);
  if (!rest.length) return `${item.key} = ${format(item.current())} (${item.values().map(format).join(" / ")})`;
  item.apply(parseValue(item, rest.join(" ")));
  return `${item.label}: ${format(item.current())}`;
}

function listing(items: SettingItem[], store: SettingsService): string {
  const width = Math.max(...items.map((i) => i.key.length)) + 2;
  return [
    `Settings (changes are written to ${store.file("global")}; set one with /settings <key> <value>):`,
    ...items.map((i) => `  ${i.key.padEnd(width)}${format(i.current()).padEnd(16)}${i.values().map(format).join(" / ")}`),
  ].join("\n");
}
