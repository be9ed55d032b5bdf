// What the plugins of a started agent declare: their command-line flags (the `flags` of their
// definition, plus pi extensions' `pi.registerFlag`, a `flag` contribution) and their settings
// schemas. Read once the plugins are set up, so the CLI checks the command line against every
// flag the composition knows (pi checks extension flags after loading extensions too).
import type { FlagDef } from "../contracts/commands.js";
import type { FlagSpec, Kernel, TSchema } from "../kernel/index.js";

export interface DeclaredFlag extends FlagSpec {
  /** The name on the command line, without the dashes. */
  name: string;
  /** The plugin that declared it. */
  owner?: string;
}

export function declaredFlags(kernel: Kernel): DeclaredFlag[] {
  const found = new Map<string, DeclaredFlag>();
  for (const { def } of kernel.plugins()) {
    for (const [name, spec] of Object.entries(def.flags ?? {})) found.set(name, { ...spec, name, owner: def.name });
  }
  const { registry } = kernel;
  const registered: FlagDef[] = registry.list("flag");
  for (const f of registered) {
    if (!found.has(f.name)) found.set(f.name, { ...f, owner: registry.owner("flag", f.name) });
  }
  return [...found.values()];
}

/** Each plugin's settings schema, by plugin name. */
export function declaredSettings(kernel: Kernel): { owner: string; schema: TSchema }[] {
  return kernel.plugins().flatMap(({ def }) => (def.settings ? [{ owner: def.name, schema: def.settings }] : []));
}
