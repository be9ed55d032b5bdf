// pi 1.5's registerMcpServer / unregisterMcpServer / getMcpServers. The registrations of every
// extension are kept here (pi's McpServerRegistry: a name belongs to the extension that took it)
// and handed to the mcp plugin as one set of session servers (contracts/mcp.ts, group
// "extensions"): they connect like configured servers, a configured one of the same name wins,
// and nothing is written to a file. pi's config shape is turned into ours on the way.
import type { PluginApi } from "pi-kernel";
import type { McpServerConfig } from "../../lib/mcp-kit/index.js";
import { emitSession } from "./context.js";
import type { Runtime } from "./runtime.js";

export interface RegisteredMcpServer {
  name: string;
  config: Record<string, unknown>;
  extensionPath: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export function createMcpApi(rt: Runtime, api: PluginApi, ext: string, extensionPath: string): Record<string, unknown> {
  const sync = () => {
    const servers = [...rt.mcpServers.values()].map((s) => ({ name: s.name, config: toKitConfig(s.config) }));
    api.services.get("mcp")?.setSessionServers(servers, "pi extensions", "extensions");
    // Registrations made while extensions load are read with getMcpServers() at session_start (as in pi).
    if (rt.bound) void emitSession(rt, { type: "mcp_servers_change", servers: copies(rt) });
  };
  const unregister = (name: string) => {
    const known = rt.mcpServers.get(name);
    if (!known || known.owner !== ext) return;
    rt.mcpServers.delete(name);
    sync();
  };
  return {
    registerMcpServer(name: string, config: Record<string, unknown>) {
      if (typeof name !== "string" || !NAME.test(name))
        throw new Error(`registerMcpServer: "${name}" is not a valid server name (letters, digits, _ and -)`);
      const problem = checkConfig(config);
      if (problem) throw new Error(`registerMcpServer("${name}"): ${problem}`);
      const known = rt.mcpServers.get(name);
      if (known && known.owner !== ext) throw new Error(`registerMcpServer: "${name}" is registered by ${known.extensionPath}`);
      rt.mcpServers.set(name, { name, config: structuredClone(config), extensionPath, owner: ext });
      // Not saved: the extension registers again when it is loaded again.
      api.onDispose(() => unregister(name));
      sync();
    },
    unregisterMcpServer: unregister,
    getMcpServers: () => copies(rt),
  };
}

function copies(rt: Runtime): RegisteredMcpServer[] {
  return [...rt.mcpServers.values()].map(({ name, config, extensionPath }) => ({ name, config: structuredClone(config), extensionPath }));
}

function checkConfig(config: unknown): string | undefined {
  if (!config || typeof config !== "object" || Array.isArray(config)) return "the config must be an object";
  const c = config as Record<string, unknown>;
  if (typeof c.command !== "string" && typeof c.url !== "string") return 'give "command" (stdio) or "url" (HTTP)';
  if (c.args !== undefined && !(Array.isArray(c.args) && c.args.every((a) => typeof a === "string"))) return '"args" must be strings';
  return undefined;
}

/** pi's mcpServers entry as lib/mcp-kit's: `timeout` in seconds, `exposure` "direct" sends the tools with every request. */
function toKitConfig(c: Record<string, unknown>): McpServerConfig {
  const strings = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, string>) : undefined);
  return {
    ...(typeof c.command === "string" ? { command: c.command, type: "stdio" as const } : { url: c.url as string, type: "http" as const }),
    ...(Array.isArray(c.args) && { args: c.args as string[] }),
    ...(strings(c.env) && { env: strings(c.env) }),
    ...(typeof c.cwd === "string" && { cwd: c.cwd }),
    ...(strings(c.headers) && { headers: strings(c.headers) }),
    ...(typeof c.timeout === "number" && { timeoutMs: c.timeout * 1000 }),
    ...(c.exposure === "direct" && { defer: false }),
    ...((c.enabled === false || c.exposure === "hidden") && { disabled: true }),
  };
}
