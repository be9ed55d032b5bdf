// Which plugin a call stack belongs to: the innermost frame in a plugin's files. The containment
// of process.exit() and the crash guard both ask; plugins are the kernel's latest load, and
// files still being imported (a module's top level) are known by their file before their name.
import { dirname } from "node:path";
import type { Kernel, LoadedPlugin, PluginSource } from "../kernel/index.js";
import { imageCopy } from "./compiled-modules.js";

export interface StackOwner {
  /** The plugin's name, or undefined while its module is still being imported. */
  name?: string;
  file: string;
  /** A pi extension (a bare factory that pi-compat adapts), which pi's messages call an extension. */
  extension: boolean;
}

/** `builtins`: also the compiled built-in plugins (the crash guard wants them; process.exit() lets them pass). */
export function ownerOnStack(stack: string, kernel: Kernel, discovered: PluginSource[], builtins = false): StackOwner | undefined {
  const counts = (s: PluginSource) => s.origin !== "inline" && (builtins || !s.compiled);
  const plugins = kernel.plugins().filter((p) => counts(p.source));
  for (const frame of stack.split("\n").slice(1)) {
    // An exact file first: the entry files of one package share its root.
    const owner = plugins.find((p) => frame.includes(p.source.file)) ?? plugins.find((p) => owns(p.source, frame));
    if (owner) return { name: owner.def.name, file: owner.source.file, extension: adapted(owner) };
    const loading = discovered.find((s) => counts(s) && owns(s, frame));
    if (loading) return { file: loading.file, extension: false };
  }
}

function owns(source: PluginSource, frame: string): boolean {
  if (frame.includes(source.file) || (source.root !== "" && frame.includes(`${source.root}/`))) return true;
  if (source.compiled === undefined) return false;
  const dir = dirname(source.compiled);
  return frame.includes(`${dir}/`) || frame.includes(`${imageCopy(dir)}/`);
}

/** The loader hands a bare factory to the "plugin-adapter" service (kernel/loader.ts). */
const adapted = (p: LoadedPlugin) => p.def.after?.includes("plugin-adapter") === true && p.def.uses?.includes("*") === true;
