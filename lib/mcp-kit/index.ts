// Helpers for MCP (the Model Context Protocol): the common mcp.json format people already have,
// where pi-kernel looks for it, `${VAR}` expansion, the redacted view of a server's config,
// writing a server into (or out of) a file, and the lines that describe a server.
export {
  expandConfig,
  type LoadedMcpConfig,
  type LoadedMcpServer,
  loadMcpConfig,
  type McpConfigFile,
  type McpScope,
  type McpServerScope,
  type McpServerConfig,
  mcpConfigFiles,
  redactConfig,
  secretsOf,
  serversIn,
  transportOf,
} from "./config.js";
export { formatServerDetails, formatServerLine, type McpListEntry, targetOf } from "./format.js";
export { addMcpServer, McpConfigWriteError, readMcpFile, removeMcpServer } from "./write.js";
