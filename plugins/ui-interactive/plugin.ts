// The interactive app as a plugin: the "interactive" surface, the UI's slash commands, the taps
// that feed the running app (events, diagnostics), and the "interactive" service through which
// other plugins reach the app (ui-fullscreen's /ui swaps frames with it). Frames come from other
// plugins ("ui-frame:inline" from ui-inline, "ui-frame:fullscreen" from ui-fullscreen). A running
// app outlives reloads: it is kept with `api.keep` and holds the plugin's api, which lives as long
// as the plugin.
import { definePlugin, type PluginApi, type PluginDef } from "pi-kernel";
import type { Terminal } from "../../lib/tui/index.js";
import { uiCommands } from "./commands.js";
import { takeDetached, detachApp } from "./detach.js";
import { DiagnosticLog, diagnosticsCommand } from "./diagnostics.js";
import type { LiveUi } from "./start.js";
import { Stages } from "../../contracts/stages.js";

/**
 * The app is drawn in the boot hook at this stage: after the session and the model are in place
 * (plugins' NORMAL boot taps), before pi-compat delivers session_start (NORMAL + 50), as pi binds
 * extensions to a running UI.
 */
const LAUNCH_STAGE = Stages.UI_LAUNCH;

/** `terminal` replaces the process's terminal (tests draw into a virtual one). */
export function createUiInteractive(opts: { terminal?: () => Terminal } = {}): PluginDef {
  return definePlugin({
    name: "ui-interactive",
    provides: ["interactive"],
    uses: ["models", "sessions", "settings", "themes", "userBash", "shellJobs", "ui-frame:inline", "ui-frame:fullscreen", "rpc"],
    setup: (api) => setup(api, opts),
  });
}

function setup(api: PluginApi, opts: { terminal?: () => Terminal }): void {
  const interactive = api.flags.mode === "interactive";
  // The one running app (if any), shared by every generation of this plugin.
  const live = api.keep("live", (): LiveUi => takeDetached() ?? { diagnostics: new DiagnosticLog(api.flags.verbose === true) });
  // The api lives as long as the plugin: a setup run again (/reload) finds the app holding it
  // already. Only a plugin that left the composition and came back (detach.ts) has a new one.
  if (live.app?.detached) {
    live.app.attach(api);
    live.app.notify("ui-interactive is back in the agent's composition: carrying on.");
  }
  if (live.app && live.ui) api.services.provide("ui", live.ui);
  api.services.provide("interactive", { app: () => live.app });
  api.on("event", (e) => live.app?.onEvent(e));
  api.on(
    "boot",
    async (b) => {
      // A reload (of any plugin) may bring renderers, keybindings and shortcuts that clash with built-in keys:
      // re-read keybindings.json, redraw with them and say so, as at start.
      if (live.app && b.reason === "reload") live.app.attach(api);
      if (live.app) return (await import("./shortcuts.js")).warnShortcutConflicts(live.app);
      if (b.reason === "startup" && interactive && !otherSurfaceClaims(api) && !live.diagnostics.hasFatal()) {
        await (await import("./start.js")).launchInteractive(api, live, opts.terminal?.());
      }
    },
    { stage: LAUNCH_STAGE },
  );
  api.on("shutdown", (reason) => {
    // Left the agent (no version of it provides "interactive" any more): hand the terminal back.
    if (reason === "reload" && !api.services.has("interactive")) return detachApp(api, live);
    if (reason === "reload" || reason === "superseded") return;
    // The run ends before the surface ran (a fatal problem): leave the terminal as it was.
    live.app?.exit(1);
    if (interactive) live.diagnostics.printPending();
  });
  // In the other modes their own plugin reports problems (mode-print, mode-rpc).
  if (interactive) api.on("diagnostic", (d) => live.diagnostics.add(d, live.app));
  for (const c of [...uiCommands(api, live), diagnosticsCommand(() => live.diagnostics)]) api.register.command(c);
  // Runs registered commands (ours, /ui, ...) when no command dispatcher (commands-core) claimed
  // the input first, so the UI's commands work in an agent composed without one.
  api.on(
    "input",
    async (e) => {
      const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(e.text.trim());
      const cmd = m && api.registry.get("command", m[1]);
      if (!cmd) return undefined;
      const said = await cmd.handler(m[2] ?? "", { args: m[2] ?? "", api });
      if (typeof said === "string" && said) live.app?.notify(said);
      return { action: "handled" };
    },
    { stage: Stages.LATE },
  );
  api.register.surface({
    name: "interactive",
    description: "the interactive terminal UI (inline, or full-screen with --ui fullscreen)",
    async run(ctx) {
      const { runInteractive } = await import("./start.js");
      return runInteractive(api, live, ctx, opts.terminal?.());
    },
  });
}

/** A one-shot surface (--list-models, --export) runs instead of the UI: nothing is drawn. */
function otherSurfaceClaims(api: PluginApi): boolean {
  return api.registry.list("surface").some((s) => s.claims?.(api.flags));
}
