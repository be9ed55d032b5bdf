// How pi's module-level functions (pi-ai's `complete`, `getModel`, ...) reach the running agent.
// Extensions get their own copy of every module here (the loader evaluates each extension's
// imports afresh), so no module state is shared with the pi-compat plugin. They meet on a named
// `node:diagnostics_channel` channel instead: while set up, pi-compat answers requests with its
// plugin api (the latest generation's, read through `current()`), and a module asks at call time.
// With several agents in one process, the most recently set-up one answers.
import { channel } from "node:diagnostics_channel";
import type { PluginApi } from "../../../kernel/index.js";

const CHANNEL = "pi-kernel:pi-compat:runtime";

interface Request {
  api?: PluginApi;
}

/** pi-compat's side: answers module requests with this api until the returned function is called. */
export function linkRuntime(api: PluginApi): () => void {
  const ch = channel(CHANNEL);
  const answer = (message: unknown) => {
    (message as Request).api = api.current();
  };
  ch.subscribe(answer);
  return () => void ch.unsubscribe(answer);
}

/** The running agent's pi-compat api, or undefined outside a pi-kernel agent. */
export function linkedApi(): PluginApi | undefined {
  const ch = channel(CHANNEL);
  if (!ch.hasSubscribers) return undefined;
  const request: Request = {};
  ch.publish(request);
  return request.api;
}

/** The running agent's api; `what` names the caller in the error when there is none. */
export function requireApi(what: string): PluginApi {
  const api = linkedApi();
  if (!api) throw new Error(`${what} needs a running pi-kernel agent with the pi-compat plugin (none is set up in this process)`);
  return api;
}
