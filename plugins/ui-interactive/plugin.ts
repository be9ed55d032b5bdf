// The interactive app as a plugin: the "interactive" surface, the UI's slash commands, the taps
// that feed the running app (events, diagnostics), and the "interactive" service through which
// other plugins reach the app (ui-fullscreen's /ui swaps frames with it). Frames come from other
// plugins ("ui-frame:inline" from ui-inline, "ui-frame:fullscreen" from ui-fullscreen). A running
// app outlives plugin reloads: it is kept with `api.keep`, and each new generation's setup hands
// it the fresh api.
import { definePlugin, Stage, type PluginApi, type PluginDef } from "pi-kernel";
import type { Terminal } from "../../lib/tui/index.js";
import { uiCommands } from "./commands.js";
import type { LiveUi } from "./start.js";

/** `terminal` replaces the process's terminal (tests draw into a virtual one). */
export function createUiInteractive(opts: { terminal?: () => Terminal } = {}): PluginDef {
  return definePlugin({
    name: "ui-interactive",
    provides: ["interactive"],
    uses: ["models", "sessions", "settings", "themes", "userBash", "ui-frame:inline", "ui-frame:fullscreen"],
    setup: (api) => setup(api, opts),
  });
}

function setup(api: PluginApi, opts: { terminal?: () => Terminal }): void {
  // The one running app (if any), shared by every generation of this plugin.
  const live = api.keep("live", (): LiveUi => ({}));
  if (live.app) {
    live.app.attach(api);
    if (live.ui) api.services.provide("ui", live.ui);
  }
  api.services.provide("interactive", { app: () => live.app });
  api.on("event", (e) => live.app?.onEvent(e));
  // A reloaded generation may bring shortcuts that clash with built-in keys: say so, as at start.
  api.on("boot", async () => {
    if (live.app) (await import("./shortcuts.js")).warnShortcutConflicts(live.app);
  });
  api.on("diagnostic", (d) => {
    if (live.app && (d.level !== "info" || api.flags.verbose)) live.app.notify(`${d.level}: ${d.message}`, d.level);
  });
  for (const c of uiCommands(api, live)) api.register.command(c);
  // Runs registered commands (ours, /ui, ...) when no command dispatcher (commands-core) claimed
  // the input first, so the UI's commands work in an agent composed without one.
  api.on(
    "input",
    async (e) => {
      const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(e.text.trim());
      const cmd = m && api.registry.get("command", m[1]);
      if (!cmd) return undefined;
      await cmd.handler(m[2] ?? "", { args: m[2] ?? "", api });
      return { action: "handled" };
    },
    { stage: Stage.LATE },
  );
  api.register.surface({
    name: "interactive",
    description: "the interactive terminal UI (inline, or full-screen with --ui fullscreen)",
    async run(ctx) {
      const { startInteractive } = await import("./start.js");
      return startInteractive(api, live, ctx, opts.terminal?.());
    },
  });
}
