// When ui-interactive itself leaves the composition while its app runs (the user edits the
// pi-packages.json in use, and the agent hot-reloads without it), the app cannot reach the agent
// any more: its api is retired, and using it would throw. It stays on screen and says why, only
// quitting works, and putting the plugin back in the composition picks the same app up again.
//
// The kernel drops a plugin's kept state (api.keep) with the plugin, so the app waiting to be
// picked up is held by this module, which stays loaded: a plugin that comes back is set up from
// the same module (the host keeps its last good version).
import type { InputEvent, Keybindings, Theme } from "../../lib/tui/index.js";
import type { PluginApi } from "pi-kernel";
import type { LiveUi } from "./start.js";

let waiting: LiveUi | undefined;

/** The running app's state left by a generation that was removed, for the plugin coming back. */
export function takeDetached(): LiveUi | undefined {
  const live = waiting;
  waiting = undefined;
  return live;
}

/** Called while the removed generation's api still works (its shutdown hook): the last frame says why. */
export function detachApp(api: PluginApi, live: LiveUi): void {
  const app = live.app;
  if (!app) return;
  const file = typeof api.flags.packages === "string" ? ` (${api.flags.packages})` : "";
  app.notify(
    `ui-interactive left the agent's composition${file}, so this UI can no longer reach the agent. ` +
      `Put "@pi-kernel/ui-interactive" back to carry on where you were, or press ctrl+c or ctrl+d to quit.`,
    "warning",
  );
  // From now on the app draws from what was true at this moment (a resize still redraws it).
  app.api = frozenApi(api, app.theme());
  const restore = app.onInput;
  app.detached = true;
  app.onInput = (event: InputEvent) => {
    if (app.detached) return quitKey(event, app.keys) && app.exit(0);
    app.onInput = restore; // picked up again meanwhile
    restore(event);
  };
  waiting = live;
}

const DETACHED = "this UI left the agent's composition; put ui-interactive back, or quit";

/**
 * What the app reads while it draws, copied from a live api: settings, flags, the agent's state
 * (the kernel's agent outlives generations), the last theme; no services, no contributions.
 * Anything that would act on the agent throws a clear error.
 */
function frozenApi(api: PluginApi, theme: Theme): PluginApi {
  const refuse = () => {
    throw new Error(DETACHED);
  };
  const themes = { current: () => theme, list: () => [], set: refuse, onChange: () => () => undefined };
  const frozen = {
    name: api.name,
    cwd: api.cwd,
    agentDir: api.agentDir,
    settings: JSON.parse(JSON.stringify(api.settings)) as Record<string, unknown>,
    flags: JSON.parse(JSON.stringify(api.flags)) as Record<string, unknown>,
    agent: api.agent,
    actions: new Proxy({}, { get: () => refuse }),
    registry: { get: () => undefined, list: () => [], owner: () => undefined },
    services: {
      get: (name: string) => (name === "themes" ? themes : undefined),
      has: (name: string) => name === "themes",
      use: (name: string) => (name === "themes" ? themes : refuse()),
      provide: () => undefined,
    },
    on: () => undefined,
    register: new Proxy({}, { get: () => () => undefined }),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    diagnose: () => undefined,
    keep: <T>(_key: string, init: () => T) => init(),
    onDispose: () => undefined,
  };
  const self = { ...frozen, current: () => self } as unknown as PluginApi;
  return self;
}

function quitKey(event: InputEvent, keys: Keybindings): boolean {
  return event.type === "key" && (keys.matches(event.key, "app.clear") || keys.matches(event.key, "app.exit"));
}
