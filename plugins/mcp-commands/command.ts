// `/mcp`: with a UI, a picker of the servers (state, tool count), then Reconnect or Show tools for
// the one picked; without one (`pi -p /mcp`) the list as text. `/mcp reconnect <name>` and
// `/mcp tools <name>` do the same without the picker.
import type { CommandDef, McpService } from "../../contracts/index.js";
import type { PluginApi } from "pi-kernel";
import { listServers, NO_SERVERS, statusLine } from "./list.js";

const ACTIONS = ["Reconnect", "Show tools"] as const;

export function mcpCommand(api: PluginApi): CommandDef {
  return {
    name: "mcp",
    description: "MCP servers: their state and tools; reconnect one",
    argumentHint: "[reconnect|tools <server>]",
    source: "builtin",
    getArgumentCompletions: (prefix) => {
      const names =
        api.services
          .get("mcp")
          ?.servers()
          .map((s) => s.name) ?? [];
      const options = [...ACTIONS.map((a) => (a === "Reconnect" ? "reconnect" : "tools")).flatMap((v) => names.map((n) => `${v} ${n}`))];
      return options.filter((o) => o.startsWith(prefix)).map((value) => ({ value }));
    },
    handler: async (args: string) => {
      const mcp = api.services.get("mcp");
      const [verb, name] = args.trim().split(/\s+/);
      if (verb && name) {
        if (!mcp) throw new Error("the mcp plugin is not loaded in this agent");
        return act(api, mcp, verb === "reconnect" ? "Reconnect" : verb === "tools" ? "Show tools" : undefined, name);
      }
      const ui = api.services.get("ui");
      if (!ui || !mcp) return (await listServers(api)).trimEnd();
      const servers = mcp.servers();
      if (servers.length === 0) return NO_SERVERS;
      const options = servers.map((s) => statusLine(api, s));
      const picked = servers[options.indexOf((await ui.select("MCP servers", options)) ?? "")];
      if (!picked) return undefined;
      const action = await ui.select(picked.name, [...ACTIONS]);
      return action ? act(api, mcp, action as (typeof ACTIONS)[number], picked.name) : undefined;
    },
  };
}

async function act(api: PluginApi, mcp: McpService, action: (typeof ACTIONS)[number] | undefined, name: string): Promise<string> {
  const status = mcp.servers().find((s) => s.name === name);
  if (!status) throw new Error(`no MCP server named ${name}`);
  if (action === "Reconnect") return `Reconnected: ${statusLine(api, await mcp.reconnect(name))}`;
  if (action === "Show tools") {
    if (status.tools.length === 0) return `${name} offers no tools${status.state === "connected" ? "" : ` (${status.state})`}.`;
    const prompts = status.prompts.length ? `\nprompts: ${status.prompts.map((p) => `/${p}`).join(" ")}` : "";
    return `${name}: ${status.tools.length} tools${status.deferred ? " (behind tool_search)" : ""}\n${status.tools.map((t) => `  ${t}`).join("\n")}${prompts}`;
  }
  throw new Error("use /mcp reconnect <server> or /mcp tools <server>");
}
