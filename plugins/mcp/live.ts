// What the plugin shows the agent of its servers now: one registered tool per MCP tool and one
// registered command per MCP prompt. Each registration keeps the disposer `api.register` gave,
// so a tool or prompt the server stops listing (or whose server went away) is unregistered for
// real, a new one is registered, and a changed one is replaced. A tool whose input schema ajv
// cannot compile is refused with a diagnostic naming its server, as the kernel refuses plugin tools.
import type { PluginApi, ToolDef } from "pi-kernel";
import type { McpConnection } from "./connection.js";
import type { McpManager } from "./manager.js";
import type { OutputCap } from "./output-cap.js";
import { promptCommand } from "./prompts.js";
import { schemaProblem } from "./schema-check.js";
import { isMcpTool, makeTool, mcpName, toolParameters } from "./tools.js";

interface Registration {
  /** What the registration was made from: an unchanged key keeps it. */
  key: string;
  server: string;
  dispose: () => void;
}

export class LiveTools {
  private readonly tools = new Map<string, Registration>();
  private readonly prompts = new Map<string, Registration>();
  /** Refused tools already reported (server, tool and schema), so a re-listing does not repeat the warning. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly api: PluginApi,
    private readonly manager: McpManager,
    private readonly withCommands: boolean,
    private readonly cap: () => OutputCap,
  ) {}

  /** Registers what is new, replaces what changed and unregisters what no connected server lists. */
  sync(): void {
    const tools = new Map<string, { key: string; server: string; make: () => ToolDef | undefined }>();
    const prompts = new Map<string, { key: string; server: string; make: () => ReturnType<typeof promptCommand> }>();
    for (const conn of this.connected()) {
      for (const tool of conn.tools) {
        const name = mcpName(conn.name, tool.name);
        if (tools.has(name)) continue;
        tools.set(name, { key: JSON.stringify([conn.key, tool]), server: conn.name, make: () => this.tool(name, conn, tool) });
      }
      if (!this.withCommands) continue;
      for (const p of conn.prompts) {
        const name = mcpName(conn.name, p.name);
        if (!prompts.has(name))
          prompts.set(name, { key: JSON.stringify([conn.key, p]), server: conn.name, make: () => promptCommand(conn, p) });
      }
    }
    this.reconcile(this.tools, tools, (def) => this.api.register.tool(def as ToolDef));
    this.reconcile(this.prompts, prompts, (def) => this.api.register.command(def as never), "command");
  }

  /** The names of a server's registered tools. */
  toolNames(server: string): string[] {
    return [...this.tools].filter(([, r]) => r.server === server).map(([name]) => name);
  }

  commands(): ReturnType<typeof promptCommand>[] {
    return this.connected().flatMap((conn) => conn.prompts.map((p) => promptCommand(conn, p)));
  }

  /**
   * Makes a turn's tool list match the registry now: the list was taken before the request
   * waited for starting servers, so it drops MCP tools unregistered or replaced since, and adds
   * what became active meanwhile (direct tools of servers that connected, tool_search once
   * there are deferred tools).
   */
  fixTurnTools(tools: ToolDef[]): void {
    for (let i = tools.length - 1; i >= 0; i--) {
      const t = tools[i]!;
      if (isMcpTool(t) && this.api.registry.get("tool", t.name) !== t) tools.splice(i, 1);
    }
    const present = new Set(tools.map((t) => t.name));
    for (const name of this.api.agent.activeToolNames()) {
      if (present.has(name)) continue;
      const def = this.api.registry.get("tool", name);
      if (def) tools.push(def);
    }
  }

  private connected(): McpConnection[] {
    return [...this.manager.conns.values()].filter((c) => c.state === "connected");
  }

  private tool(name: string, conn: McpConnection, tool: McpConnection["tools"][number]): ToolDef | undefined {
    const parameters = toolParameters(tool);
    const problem = schemaProblem(parameters);
    if (!problem) return makeTool(name, conn, tool, parameters, this.cap);
    const told = JSON.stringify([conn.name, tool.name, parameters]);
    if (!this.refused.has(told)) {
      this.refused.add(told);
      this.api.diagnose({
        level: "warning",
        code: "mcp-tool-refused",
        where: conn.entry.file ?? conn.name,
        message: `MCP server "${conn.name}": tool "${tool.name}" not registered, its input schema is not a valid JSON schema: ${problem}`,
      });
    }
    return undefined;
  }

  private reconcile<D>(
    mine: Map<string, Registration>,
    wanted: Map<string, { key: string; server: string; make: () => D | undefined }>,
    register: (def: D) => () => void,
    othersKind?: "command",
  ): void {
    for (const [name, r] of mine) {
      if (wanted.get(name)?.key === r.key) continue;
      mine.delete(name);
      r.dispose();
    }
    for (const [name, w] of wanted) {
      if (mine.has(name)) continue;
      // A command name another plugin registered stays theirs.
      if (othersKind) {
        const owner = this.api.registry.owner(othersKind, name);
        if (owner && owner !== this.api.name) continue;
      }
      const def = w.make();
      if (def) mine.set(name, { key: w.key, server: w.server, dispose: register(def) });
    }
  }
}
