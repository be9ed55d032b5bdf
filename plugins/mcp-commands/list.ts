// The server list as text, for `pi mcp list` and a headless `/mcp`: from the "mcp" service once
// no server is still starting; without the service, the configured servers as "not loaded".
import type { McpServerStatus } from "../../contracts/index.js";
import type { PluginApi } from "pi-kernel";
import { formatServerLine, loadMcpConfig, mcpConfigFiles, type McpScope, targetOf, transportOf } from "../../lib/mcp-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";

export const NO_SERVERS = "No MCP servers configured. Add one: pi mcp add <name> -- <command> [args...]";

/** One line per server from the service, each with its command or URL. */
export function statusLine(api: PluginApi, s: McpServerStatus): string {
  const config = api.services.get("mcp")?.config(s.name);
  return formatServerLine(s, config ? targetOf(config) : undefined);
}

export async function listServers(api: PluginApi): Promise<string> {
  const mcp = api.services.get("mcp");
  const trusted = isTrusted(api.agentDir, api.cwd);
  // Every file, so servers of an untrusted project show too (marked as not loaded).
  const all = loadMcpConfig(mcpConfigFiles(api.agentDir, api.cwd, true));
  const lines: string[] = all.problems.map((p) => `problem: ${p}`);
  if (!mcp) {
    for (const s of all.servers) {
      const entry = { name: s.name, scope: s.scope, transport: transportOf(s.config), state: "not loaded" };
      lines.push(formatServerLine(entry, targetOf(s.given)));
    }
    if (all.servers.length) lines.push("(the mcp plugin is not loaded in this agent, so no server was started)");
  } else {
    const starting = await mcp.ready();
    const servers = mcp.servers();
    lines.push(...servers.map((s) => statusLine(api, s)));
    if (starting.length) lines.push(`still starting: ${starting.join(", ")}`);
    const skipped = trusted ? [] : all.servers.filter((s) => s.scope === ("project" as McpScope));
    for (const s of skipped)
      lines.push(
        formatServerLine({ name: s.name, scope: s.scope, transport: transportOf(s.config), state: "not loaded" }, targetOf(s.given)),
      );
  }
  if (!trusted && all.servers.some((s) => s.scope === "project"))
    lines.push("Project servers load once this directory is trusted (pi --trust).");
  if (lines.length === 0) lines.push(NO_SERVERS);
  return `${lines.join("\n")}\n`;
}
