// The MCP SDK's values the mcp plugin uses, in one module. The build bundles this file into
// dist/vendor/mcp-sdk.mjs (scripts/bundle-vendor.mjs), served as "#mcp-sdk": the SDK's client
// with its schema library is ~300 ES modules and costs ~135 ms to import on Node 20, the single
// file a fraction of that, and this import sits on the path to the first model request.
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
export { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
export { PromptListChangedNotificationSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
