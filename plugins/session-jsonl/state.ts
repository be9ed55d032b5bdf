// The open session outlives plugin generations: a hot reload re-imports this plugin, and the new
// generation must keep writing to the same file under the same lock. The state is keyed by the
// agent object (the same across generations), so in-process kernels never share it.
import type { Lock } from "../../lib/session/lock.js";
import type { Session } from "../../lib/session/session.js";

export interface SessionState {
  session: Session;
  lock?: Lock;
}

const KEY = Symbol.for("pi-kernel.session-jsonl.state");
type Holder = { [KEY]?: WeakMap<object, SessionState> };

function store(): WeakMap<object, SessionState> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new WeakMap());
}

export function carriedState(agent: object): SessionState | undefined {
  return store().get(agent);
}

export function carryState(agent: object, state: SessionState): void {
  store().set(agent, state);
}
