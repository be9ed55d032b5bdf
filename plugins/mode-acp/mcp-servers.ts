// The MCP servers an ACP client gives with session/new or session/load, in the mcp plugin's
// config shape (stdio, http or sse); names are made safe for `mcp__<server>__<tool>`.
import type { McpServer, McpServerStdio } from "@agentclientprotocol/sdk";
import type { McpServerConfig } from "../../lib/mcp-kit/index.js";

export function mcpConfigs(servers: readonly McpServer[]): { name: string; config: McpServerConfig }[] {
  const taken = new Set<string>();
  return servers.map((s) => {
    const base = s.name.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "") || "server";
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    if ("type" in s && (s.type === "http" || s.type === "sse")) {
      return { name, config: { type: s.type, url: s.url, headers: Object.fromEntries(s.headers.map((h) => [h.name, h.value])) } };
    }
    const stdio = s as McpServerStdio;
    return { name, config: { command: stdio.command, args: stdio.args, env: Object.fromEntries(stdio.env.map((e) => [e.name, e.value])) } };
  });
}
