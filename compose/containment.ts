// Containment of plugins in the `pi` process: a process.exit() called from a user's plugin (in
// its module, its setup, a tool or a hook) is refused. The caller is found in the call stack (the
// plugin's files); the call throws instead, so a tool returns an error to the model, a setup or a
// hook failure is reported, and the agent keeps running. Exits of the built-in plugins (signals)
// and of pi-kernel itself pass through.
import { DiagnosticCode, type Kernel, type PluginSource } from "../kernel/index.js";
import { ownerOnStack } from "./plugin-owner.js";

/** Installs the guard; returns its removal. */
export function containExit(kernel: Kernel, discovered: () => PluginSource[]): () => void {
  const original = process.exit;
  // Passes the arguments on as they came: Node's exit() takes process.exitCode only when it is given
  // no argument at all (an explicit `undefined` ends the process with 0).
  const contained = ((...args: Parameters<typeof process.exit>) => {
    const owner = exitingPlugin(kernel, discovered());
    if (!owner) return original.apply(process, args);
    const message = `${owner} called process.exit(${args[0] ?? ""}); refused, the agent keeps running`;
    kernel.report({ level: "error", code: DiagnosticCode.pluginExit, plugin: owner, where: "process.exit", message });
    throw new Error(message);
  }) as typeof process.exit;
  process.exit = contained;
  return () => {
    if (process.exit === contained) process.exit = original;
  };
}

/** The user plugin whose files are on the current call stack (the innermost one), if any. */
function exitingPlugin(kernel: Kernel, discovered: PluginSource[]): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const owner = ownerOnStack(stack, kernel, discovered);
  if (owner) return owner.name ? `plugin ${owner.name}` : `the plugin in ${owner.file}`;
}
