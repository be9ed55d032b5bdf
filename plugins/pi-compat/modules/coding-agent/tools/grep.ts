// pi's grep tool: lines matching a regex (or literal) under a folder or in a file, the toolkit's grep
// (ripgrep or the built-in walk); an extension's GrepOperations say whether the path is a folder and
// serve context lines.
// The definition (name, description, schema) is the toolkit tool's, which already speaks pi's words.
import { type GrepOperations, grepPath, grepTool } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, toAgentTool } from "./definition.js";
import { piSearchDefinition } from "./search-output.js";

export type { GrepOperations };
export interface GrepToolOptions {
  operations?: GrepOperations;
}

export function createGrepToolDefinition(
  cwd: string,
  options: GrepToolOptions = {},
): PiToolDefinition<Record<string, unknown> | undefined> {
  return piSearchDefinition(grepTool, grepPath, cwd, options.operations);
}

export const createGrepTool = (cwd: string, options?: GrepToolOptions) => toAgentTool(createGrepToolDefinition(cwd, options));
