// The module instances every plugin gets when it imports them by name: the live kernel (so
// `definePlugin`, `Type` and error classes are the host's own) and TypeBox. jiti serves them as
// virtual modules to users' TypeScript plugins and to every reload.
import * as kernel from "../kernel/index.js";

export async function sharedModules(): Promise<Record<string, unknown>> {
  const typebox = await import("#typebox");
  return { "pi-kernel": kernel, "pi-kernel/kernel": kernel, "@sinclair/typebox": typebox };
}
