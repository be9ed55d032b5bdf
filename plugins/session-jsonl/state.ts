// The open session outlives plugin generations: a hot reload re-imports this plugin, and the new
// generation must keep writing to the same file under the same lock. The kernel keeps it for this
// plugin (api.keep) from generation to generation, and drops it when the plugin leaves the agent.
import type { PluginApi } from "pi-kernel";
import type { Lock } from "./format/lock.js";
import type { Session } from "./model/session.js";

export interface SessionState {
  session: Session;
  lock?: Lock;
}

/** The holder of the open session, the same object in every generation of this plugin. */
export interface Carried {
  current?: SessionState;
}

export function carried(api: PluginApi): Carried {
  return api.keep<Carried>("open-session", () => ({}));
}
