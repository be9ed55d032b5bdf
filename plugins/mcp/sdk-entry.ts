// The MCP SDK's client values the mcp plugin uses, in one module. The build bundles this file
// into dist/vendor/mcp-sdk/client.mjs (scripts/bundle-vendor.mjs): the SDK's client with its
// schema library is ~300 ES modules and costs ~135 ms to import on Node 20, the bundle ~35 ms,
// and this import sits on the path to the first model request. The HTTP transports are apart
// (sdk-http-entry.ts), and so is ajv (output-validator.ts).
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { PromptListChangedNotificationSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
