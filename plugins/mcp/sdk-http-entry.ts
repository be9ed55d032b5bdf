// The MCP SDK's HTTP transports (streamable HTTP and legacy SSE, with their OAuth code), apart
// from the client (sdk-entry.ts): a server config of only stdio servers never loads them. The
// build bundles this file into dist/vendor/mcp-sdk/http.mjs (scripts/bundle-vendor.mjs).
export { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
export { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
