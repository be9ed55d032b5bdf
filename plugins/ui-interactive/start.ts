// Starting the interactive app: keybindings, the app, its keymap and actions, the "ui" service, and
// the messages given on the command line. Imported on demand so `pi -p` never loads the UI.
// As in pi, the app is up before extensions hear session_start (plugin.ts launches it from the
// boot hook), so their ctx.ui calls land; the surface's run() then only sends the messages.
import { join } from "node:path";
import { loadKeybindings, ProcessTerminal, type Terminal } from "../../lib/tui/index.js";
import type { PluginApi } from "pi-kernel";
import { createActions } from "./actions.js";
import { InteractiveApp } from "./app.js";
import type { Live } from "./commands.js";
import type { DiagnosticLog } from "./diagnostics.js";
import { createKeymap } from "./keymap.js";
import { createUiService } from "./ui-service.js";
import { shareDialogs } from "../../lib/mode-kit/index.js";
import { monotonicMs, trimWhenIdle } from "./idle-trim.js";
import type { Frame, SurfaceContext, UiService } from "../../contracts/index.js";

export interface LiveUi extends Live {
  ui?: UiService;
  /**
   * Set once the app is launched, and resolves with its exit code when it quits: the surface may
   * start after the user has already quit (keys typed during start-up), and must not draw again.
   */
  done?: Promise<number>;
  diagnostics: DiagnosticLog;
}

/** The frame to start with: `--ui`, else the `ui` setting, else inline (plugins/ui-inline). */
async function firstFrame(api: PluginApi): Promise<{ frame: Frame; problem?: string }> {
  const wanted = String(api.flags.ui ?? api.settings.ui ?? "inline");
  const service = `ui-frame:${wanted}` as const;
  if (api.services.has(service)) return { frame: await api.services.use(service)() };
  if (!api.services.has("ui-frame:inline"))
    throw new Error(`The "${wanted}" UI is not available in this agent, nor the inline one (add plugins/ui-inline)`);
  const problem = `The "${wanted}" UI is not available in this agent (${wanted === "fullscreen" ? "add plugins/ui-fullscreen" : "use inline or fullscreen"}); using the inline UI`;
  return { frame: await api.services.use("ui-frame:inline")(), problem };
}

/** Draws the app and binds the "ui" service; once per run (later calls do nothing). */
export async function launchInteractive(api: PluginApi, live: LiveUi, terminal?: Terminal): Promise<void> {
  if (live.done) return;
  const keys = loadKeybindings(join(api.agentDir, "keybindings.json"));
  const { frame, problem } = await firstFrame(api);
  if (live.done) return; // launched meanwhile
  const app = new InteractiveApp(api, terminal ?? new ProcessTerminal(), keys, frame);
  const actions = createActions(app);
  const keymap = createKeymap(app, actions);
  let lastInputAt = 0; // idle-trim waits for a pause in typing
  app.onInput = (event) => {
    lastInputAt = monotonicMs();
    keymap(event);
  };
  live.app = app;
  live.actions = actions;
  // With `/ui web` serving the session, its clients get every dialog too; the first answer wins.
  live.ui = shareDialogs(createUiService(app), () => [app.api.services.get("rpc")?.sharedDialogs()].filter((d) => d !== undefined));
  api.services.provide("ui", live.ui);
  if (api.settings.quietStartup !== true) {
    // Two short lines rather than one that a terminal of any usual width breaks mid-list.
    app.notify("pi-kernel · enter send · shift+enter new line · ctrl+l model\n/hotkeys for all keys · ctrl+c twice to quit");
  }
  for (const p of [...keys.problems, ...(problem ? [problem] : [])]) app.notify(p, "warning");
  live.diagnostics.showPending(app);
  const onTerm = () => app.exit(143);
  process.once("SIGTERM", onTerm);
  // Only in a process of its own: an app drawn into another terminal (tests, benches) shares its heap.
  const cancelTrim = terminal ? () => {} : trimWhenIdle(() => app.working || monotonicMs() - lastInputAt < 500);
  live.done = app.run().finally(() => {
    cancelTrim();
    process.off("SIGTERM", onTerm);
    live.app = undefined;
    live.actions = undefined;
    live.ui = undefined;
  });
}

/** The surface: the app (launched at boot, or now), the command line's messages, then the exit code. */
export async function runInteractive(api: PluginApi, live: LiveUi, ctx: SurfaceContext, terminal?: Terminal): Promise<number> {
  await launchInteractive(api, live, terminal);
  const { app, done } = live;
  if (app) {
    void (async () => {
      for (const [i, message] of ctx.messages.entries()) {
        await app.api.actions
          .prompt(message, { source: "interactive", images: i === 0 ? ctx.images : undefined })
          .catch((error: Error) => app.notify(error.message, "error"));
      }
    })();
  }
  return (await done) ?? 0;
}
