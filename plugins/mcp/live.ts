// What one generation of the plugin shows the agent: a tool object per MCP tool name and the
// prompt commands. The registry cannot forget an entry, so a tool whose server went away (or
// stopped listing it) stays registered but inactive (its getters say so), and the request hook
// takes it out of the turn's tool list; when it comes back the same object comes alive again.
import type { PluginApi, ToolDef } from "pi-kernel";
import type { CommandDef } from "../../contracts/index.js";
import { CommandMirror } from "../../lib/resource-kit/index.js";
import type { McpManager } from "./manager.js";
import { promptCommand } from "./prompts.js";
import { bindTool, makeTool, mcpName, type ToolBinding } from "./tools.js";

export class LiveTools {
  private readonly bindings = new Map<string, ToolBinding>();
  private readonly mirror: CommandMirror | undefined;

  constructor(
    private readonly api: PluginApi,
    private readonly manager: McpManager,
    withCommands: boolean,
  ) {
    this.mirror = withCommands ? new CommandMirror(api) : undefined;
  }

  /** Registers tools new to this generation, updates known ones, and retires vanished ones. */
  sync(): void {
    const seen = new Set<string>();
    for (const conn of this.manager.conns.values()) {
      if (conn.state !== "connected") continue;
      for (const tool of conn.tools) {
        const name = mcpName(conn.name, tool.name);
        if (seen.has(name)) continue;
        seen.add(name);
        const known = this.bindings.get(name);
        if (known) {
          Object.assign(known, bindTool(conn, tool));
          continue;
        }
        const binding = bindTool(conn, tool);
        this.bindings.set(name, binding);
        this.api.register.tool(makeTool(name, binding));
      }
    }
    for (const [name, binding] of this.bindings) if (!seen.has(name)) binding.live = false;
    this.mirror?.sync(this.commands());
  }

  commands(): CommandDef[] {
    const out: CommandDef[] = [];
    for (const conn of this.manager.conns.values()) {
      if (conn.state === "connected") for (const p of conn.prompts) out.push(promptCommand(conn, p));
    }
    return out;
  }

  toolNames(server: string): string[] {
    return [...this.bindings].filter(([, b]) => b.live && b.conn.name === server).map(([name]) => name);
  }

  isMine(tool: ToolDef): boolean {
    return this.bindings.has(tool.name) && this.api.registry.owner("tool", tool.name) === this.api.name;
  }

  /**
   * Makes a turn's tool list match the servers now: drops tools whose server is gone, and adds
   * what became active while the request waited (direct tools of servers that connected, and
   * tool_search once there are deferred tools): the list was taken before the wait.
   */
  fixTurnTools(tools: ToolDef[]): void {
    for (let i = tools.length - 1; i >= 0; i--) {
      const b = this.bindings.get(tools[i]!.name);
      if (b && !b.live && this.isMine(tools[i]!)) tools.splice(i, 1);
    }
    const present = new Set(tools.map((t) => t.name));
    for (const name of this.api.agent.activeToolNames()) {
      if (present.has(name)) continue;
      const def = this.api.registry.get("tool", name);
      if (def) tools.push(def);
    }
  }
}
