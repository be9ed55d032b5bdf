// `pi mcp add|remove|get|list`: the MCP servers of the global mcp.json (<agentDir>/mcp.json) or,
// with --scope project, the project's .pi/mcp.json; shaped after Claude Code's `claude mcp`.
// add/remove/get work on the files (lib/mcp-kit); list composes the agent headless so the mcp
// plugin can report each server's state and tools (a surface of the mcp-commands plugin claims
// the `mcpList` flag); without that plugin it lists the configured servers as "not loaded".
import { join } from "node:path";
import {
  addMcpServer,
  formatServerDetails,
  formatServerLine,
  loadMcpConfig,
  type McpScope,
  type McpServerConfig,
  type McpServerScope,
  mcpConfigFiles,
  readMcpFile,
  removeMcpServer,
  targetOf,
  transportOf,
} from "../lib/mcp-kit/index.js";
import { isTrusted } from "../lib/packages/index.js";
import { parseMcpArgs, type McpArgs } from "./mcp-args.js";

export const MCP_USAGE = `usage:
  pi mcp add [options] <name> -- <command> [args...]     a stdio server
  pi mcp add --transport http [options] <name> <url>     a streamable HTTP server (sse: legacy SSE)
  pi mcp remove <name> [--scope global|project]
  pi mcp get <name>
  pi mcp list                                            each server's scope, transport, state and tools
options:
  -s, --scope <scope>      global (default; <agentDir>/mcp.json) or project (.pi/mcp.json)
  -t, --transport <kind>   stdio (default), http or sse
  -e, --env KEY=VALUE      environment for a stdio server (repeatable)
  -H, --header "N: v"      an HTTP header (repeatable)
  --cwd <dir>              working directory of a stdio server
  --force                  replace a server of the same name`;

interface Context {
  cwd: string;
  agentDir: string;
}

export async function mcpCommand(argv: string[], o: Context): Promise<number> {
  let args: McpArgs;
  try {
    args = parseMcpArgs(argv);
  } catch (error) {
    process.stderr.write(`pi mcp: ${(error as Error).message}\n${MCP_USAGE}\n`);
    return 1;
  }
  try {
    switch (args.command) {
      case "add":
        return add(args, o);
      case "remove":
        return remove(args, o);
      case "get":
        return get(args, o);
      case "list":
        return await list(args, o);
      default:
        process.stdout.write(`${MCP_USAGE}\n`);
        return args.command === "help" ? 0 : 1;
    }
  } catch (error) {
    process.stderr.write(`pi mcp ${args.command}: ${(error as Error).message}\n`);
    return 1;
  }
}

/** The files a scope covers, the first being the one `add` writes. */
function scopeFiles(scope: McpScope, o: Context): string[] {
  return scope === "global" ? [join(o.agentDir, "mcp.json")] : [join(o.cwd, ".pi", "mcp.json"), join(o.cwd, ".mcp.json")];
}

function add(args: McpArgs, o: Context): number {
  const [name, target, ...rest] = args.positionals;
  if (!name || !target) throw new Error(`give a name and ${args.transport === "stdio" ? "a command (after --)" : "a URL"}\n${MCP_USAGE}`);
  let config: McpServerConfig;
  if (args.transport === "stdio") {
    if (Object.keys(args.headers).length) throw new Error("-H/--header is for http and sse servers");
    config = {
      command: target,
      ...(rest.length && { args: rest }),
      ...(Object.keys(args.env).length && { env: args.env }),
      ...(args.cwd && { cwd: args.cwd }),
    };
  } else {
    if (rest.length) throw new Error(`an ${args.transport} server takes one URL, not: ${rest.join(" ")}`);
    if (!/^https?:\/\//.test(target)) throw new Error(`not an http(s) URL: ${target}`);
    if (Object.keys(args.env).length || args.cwd) throw new Error("-e/--env and --cwd are for stdio servers");
    config = { type: args.transport, url: target, ...(Object.keys(args.headers).length && { headers: args.headers }) };
  }
  const scope = args.scope ?? "global";
  const file = scopeFiles(scope, o)[0];
  const { replaced } = addMcpServer(file, name, config, { force: args.force });
  process.stdout.write(`${replaced ? "Replaced" : "Added"} ${transportOf(config)} MCP server ${name} (${scope}) in ${file}\n`);
  if (scope === "project" && !isTrusted(o.agentDir, o.cwd))
    process.stdout.write("This directory is not trusted yet, so its project servers do not load: run pi --trust here once.\n");
  return 0;
}

function remove(args: McpArgs, o: Context): number {
  const [name] = args.positionals;
  if (!name) throw new Error(`give the server's name\n${MCP_USAGE}`);
  const scopes: McpScope[] = args.scope ? [args.scope] : ["global", "project"];
  const unreadable: string[] = [];
  const holds = (file: string) => {
    try {
      return name in readMcpFile(file).servers;
    } catch (error) {
      unreadable.push((error as Error).message);
      return false;
    }
  };
  const holding = scopes.flatMap((s) => scopeFiles(s, o).map((file) => ({ scope: s, file }))).filter((f) => holds(f.file));
  if (holding.length === 0) {
    if (unreadable.length) throw new Error(unreadable.join("; "));
    process.stderr.write(`pi mcp remove: no MCP server named ${name}${args.scope ? ` in the ${args.scope} scope` : ""}\n`);
    return 1;
  }
  if (holding.length > 1)
    throw new Error(`${name} is in ${holding.map((h) => h.file).join(" and ")}; say which with --scope global|project`);
  removeMcpServer(holding[0].file, name);
  process.stdout.write(`Removed MCP server ${name} (${holding[0].scope}) from ${holding[0].file}\n`);
  return 0;
}

/** Every file, project ones whether trusted or not (get and the plain list show what is configured). */
function configured(o: Context, quiet = false) {
  const loaded = loadMcpConfig(mcpConfigFiles(o.agentDir, o.cwd, true));
  if (!quiet) for (const p of loaded.problems) process.stderr.write(`pi mcp: ${p}\n`);
  return loaded.servers;
}

function untrustedNote(scope: McpServerScope, o: Context): string {
  return scope === "project" && !isTrusted(o.agentDir, o.cwd) ? "  (not loaded: this directory is not trusted; pi --trust)\n" : "";
}

function get(args: McpArgs, o: Context): number {
  const [name] = args.positionals;
  if (!name) throw new Error(`give the server's name\n${MCP_USAGE}`);
  const server = configured(o).find((s) => s.name === name);
  if (!server) {
    process.stderr.write(`pi mcp get: no MCP server named ${name}\n`);
    return 1;
  }
  process.stdout.write(`${formatServerDetails(name, server.scope, server.file, server.given)}\n${untrustedNote(server.scope, o)}`);
  return 0;
}

async function list(args: McpArgs, o: Context): Promise<number> {
  // The agent is composed only when there is something to connect to.
  if (configured(o, true).length > 0) {
    const code = await listConnected(args, o);
    if (code !== undefined) return code;
  }
  const servers = configured(o);
  if (servers.length === 0) {
    process.stdout.write("No MCP servers configured. Add one: pi mcp add <name> -- <command> [args...]\n");
    return 0;
  }
  for (const s of servers) {
    const entry = { name: s.name, scope: s.scope, transport: transportOf(s.config), state: "not loaded" };
    process.stdout.write(`${formatServerLine(entry, targetOf(s.given))}\n${untrustedNote(s.scope, o)}`);
  }
  process.stdout.write("(no plugin in this agent provides the mcp service, so the servers were not started)\n");
  return 0;
}

/** The list from the composed agent's mcp-commands surface; undefined when no surface claims it. */
async function listConnected(args: McpArgs, o: Context): Promise<number | undefined> {
  const { startAgent } = await import("./start.js");
  const { restoreStdout } = await import("../lib/mode-kit/index.js");
  const flags: Record<string, unknown> = { mcpList: true, session: false, ...(args.trust && { trust: true }) };
  // A mode no plugin serves: no print-mode diagnostics listener, only the CLI reporter below.
  const kernel = await startAgent(flags, "mcp", o.cwd, { quietModels: true });
  restoreStdout();
  if (!kernel) return 1;
  const surface = kernel.registry.list("surface").find((s) => s.claims?.(flags));
  try {
    return surface ? await surface.run({ messages: [], images: [] }) : undefined;
  } finally {
    await kernel.stop();
  }
}
