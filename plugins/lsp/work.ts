// The lsp plugin's work, loaded by index.ts the first time a tool result touches a file a server
// serves (a print run that only answers never loads it): the server pool and its clients, the
// after-edit check and the two tools.
export { afterToolResult } from "./after-edit.js";
export { lspTool } from "./lsp-tool.js";
export { ServerPool } from "./pool.js";
export { renameTool } from "./rename-tool.js";
