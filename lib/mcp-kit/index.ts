// Helpers for MCP (the Model Context Protocol): the common mcp.json format people already have,
// where pi-kernel looks for it, `${VAR}` expansion, and the redacted view of a server's config.
export {
  expandConfig,
  type LoadedMcpConfig,
  type LoadedMcpServer,
  loadMcpConfig,
  type McpConfigFile,
  type McpScope,
  type McpServerConfig,
  mcpConfigFiles,
  redactConfig,
  transportOf,
} from "./config.js";
