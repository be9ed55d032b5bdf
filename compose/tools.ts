// Which tools start active: the CLI's --tools / --no-tools / --no-builtin-tools and the SDK's
// `tools` / `noTools`, one rule for both. Applied once the plugins have registered their tools.
import type { Kernel } from "../kernel/index.js";

export interface ToolSelection {
  /** No tools at all (--no-tools; wins over the rest). */
  none?: boolean;
  /** Only these tools (--tools a,b). */
  only?: string[];
  /** No built-in tools, i.e. none a package plugin registers; extension and caller tools stay. */
  noBuiltin?: boolean;
  /** Tools `noBuiltin` keeps whoever registered them (the SDK's customTools). */
  keep?: string[];
}

export function selectTools(kernel: Kernel, selection: ToolSelection): void {
  if (selection.none) return kernel.actions.setActiveTools([]);
  if (selection.only) return kernel.actions.setActiveTools(selection.only);
  if (!selection.noBuiltin) return;
  const keep = new Set(selection.keep ?? []);
  const isBuiltin = (name: string) => {
    const owner = kernel.registry.owner("tool", name);
    return owner !== undefined && kernel.plugins().find((p) => p.def.name === owner)?.source.origin === "package";
  };
  kernel.actions.setActiveTools(kernel.agent.activeToolNames().filter((name) => keep.has(name) || !isBuiltin(name)));
}
