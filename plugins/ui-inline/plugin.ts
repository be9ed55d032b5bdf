// The inline frame as a plugin: provides "ui-frame:inline", which draws the interactive app
// (plugins/ui-interactive) into the terminal's normal scrollback. The frame's code is loaded only
// when the app starts with it.
import { definePlugin, type PluginDef } from "pi-kernel";

export function createUiInline(): PluginDef {
  return definePlugin({
    name: "ui-inline",
    provides: ["ui-frame:inline"],
    setup(api) {
      api.services.provide("ui-frame:inline", async () => new (await import("./inline-frame.js")).InlineFrame());
    },
  });
}
