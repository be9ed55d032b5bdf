// The module instances every plugin gets when it imports them by name: the live kernel (so
// `definePlugin`, `Type` and error classes are the host's own) and TypeBox. jiti serves them as
// virtual modules to users' TypeScript plugins and to every reload. The public toolkits
// (`pi-kernel/tui`, `pi-kernel/provider-kit`, ...) are import aliases instead: they hold no state,
// so a plugin's own copy is harmless, and none of them is loaded until a plugin asks.
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as kernel from "../kernel/index.js";

/** The toolkits under lib/ that third-party plugins may import as `pi-kernel/<name>`. */
export const PUBLIC_TOOLKITS = ["tui", "provider-kit", "tool-kit", "resource-kit", "mode-kit", "session-kit", "mcp-kit"] as const;

/** `pi-kernel/<toolkit>` -> its index in this install (compiled when built, else the source). */
export function toolkitAliases(packageRoot: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kit of PUBLIC_TOOLKITS) {
    const compiled = join(packageRoot, "dist", "lib", kit, "index.js");
    out[`pi-kernel/${kit}`] = existsSync(compiled) ? compiled : join(packageRoot, "lib", kit, "index.ts");
  }
  return out;
}

export async function sharedModules(): Promise<Record<string, unknown>> {
  const typebox = await import("#typebox");
  return { "pi-kernel": kernel, "pi-kernel/kernel": kernel, "@sinclair/typebox": typebox };
}
