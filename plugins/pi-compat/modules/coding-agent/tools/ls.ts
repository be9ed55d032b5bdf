// pi's ls tool: a folder's entries, the toolkit's ls, through an extension's LsOperations or the disk.
// The definition (name, description, schema) is the toolkit tool's, which already speaks pi's words.
import { type LsOperations, listPath, lsTool } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, toAgentTool } from "./definition.js";
import { piSearchDefinition } from "./search-output.js";

export type { LsOperations };
export interface LsToolOptions {
  operations?: LsOperations;
}

export function createLsToolDefinition(cwd: string, options: LsToolOptions = {}): PiToolDefinition<Record<string, unknown> | undefined> {
  return piSearchDefinition(lsTool, listPath, cwd, options.operations);
}

export const createLsTool = (cwd: string, options?: LsToolOptions) => toAgentTool(createLsToolDefinition(cwd, options));
