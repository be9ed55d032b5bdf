// pi's find tool: files matching a glob, the toolkit's find (fd or the built-in walk), or an
// extension's FindOperations glob.
// The definition (name, description, schema) is the toolkit tool's, which already speaks pi's words.
import { type FindOperations, findPath, findTool } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, toAgentTool } from "./definition.js";
import { piSearchDefinition } from "./search-output.js";

export type { FindOperations };
export interface FindToolOptions {
  operations?: FindOperations;
}

export function createFindToolDefinition(
  cwd: string,
  options: FindToolOptions = {},
): PiToolDefinition<Record<string, unknown> | undefined> {
  return piSearchDefinition(findTool, findPath, cwd, options.operations);
}

export const createFindTool = (cwd: string, options?: FindToolOptions) => toAgentTool(createFindToolDefinition(cwd, options));
