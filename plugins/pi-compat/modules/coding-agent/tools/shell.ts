// pi's shell helpers: getShellConfig (which shell runs commands: a given path, else the toolkit's
// pick, bash where there is one) and createLocalBashOperations (pi's BashOperations on this
// machine: the toolkit's, the command in its own process group, killed whole on abort or timeout).
import { existsSync } from "node:fs";
import { type BashOperations, localBashOperations, pickShell } from "../../../../../lib/tool-kit/index.js";

export type { BashExecOptions, BashOperations } from "../../../../../lib/tool-kit/index.js";
export interface ShellConfig {
  shell: string;
  args: string[];
  commandTransport?: "argv" | "stdin";
}

export function getShellConfig(customShellPath?: string): ShellConfig {
  if (customShellPath && !existsSync(customShellPath)) throw new Error(`Custom shell path not found: ${customShellPath}`);
  return { shell: customShellPath ?? pickShell(), args: ["-c"] };
}

export function createLocalBashOperations(options: { shellPath?: string } = {}): BashOperations {
  return localBashOperations({ shell: getShellConfig(options.shellPath).shell });
}
