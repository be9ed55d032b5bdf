// The environment shell children get (the bash tool, the user's `!cmd`): the agent's own, less
// the provider keys, so `env` or `printenv` cannot put a key into the conversation, the session
// file, an export or the next request. Which variables count is the models service's answer
// (keyVariables); settings `shell.passProviderKeys: true` hands them over anyway.
import type { PluginApi } from "pi-kernel";
import type {} from "../../../contracts/models.js";

/** `env` without the named variables (a copy; `env` is left alone). */
export function withoutVariables(names: readonly string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!names.some((n) => n in env)) return env;
  const out = { ...env };
  for (const name of names) delete out[name];
  return out;
}

/** Whether settings let shell children see provider keys (`shell.passProviderKeys: true`). */
export function passesProviderKeys(settings: Readonly<Record<string, unknown>>): boolean {
  const shell = settings.shell as { passProviderKeys?: unknown } | undefined;
  return shell?.passProviderKeys === true;
}

/** The environment for a shell child started on behalf of `api`'s plugin (which must use "models"). */
export function shellEnv(api: PluginApi, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (passesProviderKeys(api.settings)) return env;
  return withoutVariables(api.services.get("models")?.keyVariables() ?? [], env);
}
