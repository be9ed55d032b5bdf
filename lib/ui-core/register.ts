// What an interactive UI plugin sets up in every plugin generation: the "interactive" surface,
// the UI's slash commands, the taps that feed the running app (events, diagnostics), and the
// context rule for `!cmd` output. A running app outlives plugin reloads: each new generation's
// setup hands it the fresh api. (A helper called from a plugin's setup, not a plugin itself.)
import { Stage, type AgentMessage, type PluginApi } from "pi-kernel";
import type { Terminal } from "../tui/terminal.js";
import { uiCommands } from "./commands.js";
import type { LiveUi } from "./start.js";

const LIVE = Symbol.for("pi-kernel.ui.live");

/** The one running interactive app (if any), shared by every plugin generation. */
export function liveUi(): LiveUi {
  return ((globalThis as Record<symbol, LiveUi>)[LIVE] ??= {});
}

export function setupInteractiveUi(api: PluginApi, opts: { terminal?: () => Terminal } = {}): void {
  const live = liveUi();
  if (live.app) {
    live.app.attach(api);
    if (live.ui) api.services.provide("ui", live.ui);
  }
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
  api.on("input", async (e) => {
    const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(e.text.trim());
    const cmd = m && api.registry.get("command", m[1]);
    if (!cmd) return undefined;
    await cmd.handler(m[2] ?? "", { args: m[2] ?? "", api });
    return { action: "handled" };
  }, { stage: Stage.LATE });
  api.register.surface({
    name: "interactive",
    description: "the interactive terminal UI (inline, or full-screen with --ui fullscreen)",
    async run(ctx) {
      const { startInteractive } = await import("./start.js");
      return startInteractive(api, live, ctx, opts.terminal?.());
    },
  });
}
