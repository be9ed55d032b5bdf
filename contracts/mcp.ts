// The "mcp" service (provided by the mcp plugin): the MCP servers the user configured, their
// state, and what they offer. `/mcp`, RPC `get_mcp_servers` and `pi mcp list` read it; ACP mode
// adds the servers its client gives for a session.
import type { McpScope, McpServerConfig, McpServerScope } from "../lib/mcp-kit/index.js";

export type McpServerState = "starting" | "connected" | "failed" | "disconnected" | "disabled";

export interface McpServerStatus {
  name: string;
  scope: McpServerScope;
  /** The config file that defines it (for a session server: who gave it). */
  file: string;
  transport: "stdio" | "http" | "sse";
  state: McpServerState;
  /** Why it failed or disconnected (secrets redacted). */
  error?: string;
  /** Tool names as the model sees them (`mcp__<server>__<tool>`). */
  tools: string[];
  /** Prompt commands (`mcp__<server>__<prompt>`). */
  prompts: string[];
  /** Tools are behind tool_search (the default) rather than sent with every request. */
  deferred: boolean;
}

export interface McpService {
  servers(): McpServerStatus[];
  /** Disconnects (if connected) and connects again; resolves when it is connected or failed. */
  reconnect(name: string): Promise<McpServerStatus>;
  /** Resolves when no server is still starting (bounded by `timeoutMs`); names the ones still starting. */
  ready(timeoutMs?: number): Promise<string[]>;
  /** The config as written (`${VAR}` references unexpanded, env and header values hidden), for `pi mcp get`. */
  config(name: string): (McpServerConfig & { scope: McpServerScope; file: string }) | undefined;
  /**
   * Servers for this run only, written to no file (an ACP client's `mcpServers` for its session):
   * replaces the set given before. They connect like configured servers and take the place of a
   * configured server of the same name. `group` "extensions" (pi extensions' registerMcpServer) is a
   * set of its own, replaced on its own, whose servers yield to configured and session ones of their name.
   */
  setSessionServers(servers: { name: string; config: McpServerConfig }[], from: string, group?: "session" | "extensions"): void;
  /**
   * Servers another plugin brings (a Claude Code plugin's `.mcp.json`) under `owner`, replacing what it
   * added before: each `config` in mcp.json's shape (`{"mcpServers": {...}}`), read from `file`; `env`
   * adds variables its `${VAR}` references may name (`CLAUDE_PLUGIN_ROOT`). A configured server of
   * the same name wins. Returns the removal.
   */
  addServers(owner: string, configs: { file: string; config: unknown }[], o: { scope: McpScope; env?: Record<string, string> }): () => void;
}

declare module "pi-kernel" {
  interface Settings {
    /** Declared (with its schema) by the mcp plugin. */
    mcp: { startupTimeoutMs?: number; maxOutputTokens?: number };
  }
  interface Services {
    mcp: McpService;
  }
}
