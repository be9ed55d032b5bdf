// pi's built-in tools for extensions and SDK users: each as a ToolDefinition and as an AgentTool,
// over pluggable operations, and pi's sets of them (coding: read, bash, edit, write; read-only:
// read, grep, find, ls).
import { createBashTool, type BashToolOptions } from "./bash.js";
import { createEditTool, type EditToolOptions } from "./edit.js";
import { createFindTool, type FindToolOptions } from "./find.js";
import { createGrepTool, type GrepToolOptions } from "./grep.js";
import { createLsTool, type LsToolOptions } from "./ls.js";
import { createReadTool, type ReadToolOptions } from "./read.js";
import { createWriteTool, type WriteToolOptions } from "./write.js";

export { createBashTool, createBashToolDefinition } from "./bash.js";
export { createEditTool, createEditToolDefinition } from "./edit.js";
export { generateDiffString, generateUnifiedPatch } from "./edit-diff.js";
export { createFindTool, createFindToolDefinition } from "./find.js";
export { createGrepTool, createGrepToolDefinition } from "./grep.js";
export { createLsTool, createLsToolDefinition } from "./ls.js";
export { withFileMutationQueue } from "./mutation-queue.js";
export { createReadTool, createReadToolDefinition } from "./read.js";
export { createLocalBashOperations, getShellConfig } from "./shell.js";
export { createWriteTool, createWriteToolDefinition } from "./write.js";

export interface ToolsOptions {
  read?: ReadToolOptions;
  bash?: BashToolOptions;
  edit?: EditToolOptions;
  write?: WriteToolOptions;
  grep?: GrepToolOptions;
  find?: FindToolOptions;
  ls?: LsToolOptions;
}

export function createCodingTools(cwd: string, o: ToolsOptions = {}) {
  return [createReadTool(cwd, o.read), createBashTool(cwd, o.bash), createEditTool(cwd, o.edit), createWriteTool(cwd, o.write)];
}

export function createReadOnlyTools(cwd: string, o: ToolsOptions = {}) {
  return [createReadTool(cwd, o.read), createGrepTool(cwd, o.grep), createFindTool(cwd, o.find), createLsTool(cwd, o.ls)];
}
