// The interactive UI as a plugin: the "interactive" surface with the inline frame (drawn into
// the normal scrollback). The interaction model itself lives in lib/ui-core, shared with the
// full-screen frame (plugins/ui-fullscreen).
import { definePlugin, type PluginDef } from "pi-kernel";
import type { FrameFactory } from "../../lib/ui-core/frame.js";
import { setupInteractiveUi } from "../../lib/ui-core/register.js";
import type { Terminal } from "../../lib/tui/terminal.js";

export function createUiInline(opts: { terminal?: () => Terminal } = {}): PluginDef {
  return definePlugin({
    name: "ui-inline",
    provides: ["ui-frame:inline"],
    setup(api) {
      setupInteractiveUi(api, opts);
      api.services.provide("ui-frame:inline", async () => new (await import("../../lib/ui-core/inline-frame.js")).InlineFrame());
    },
  });
}
