// The MCP client: the servers configured in mcp.json (global) and, in a trusted project,
// `.pi/mcp.json` and `.mcp.json` (lib/mcp-kit) connect in the background at boot, in parallel,
// through the official SDK; their tools become `mcp__<server>__<tool>` tools (behind tool_search
// unless `"defer": false`), their prompts slash commands. The first request waits only for servers
// still starting (setting `mcp.startupTimeoutMs`, default 10 s); a failed server is reported by
// name and retried, after a backoff, at a later request. Editing a config file reconnects only
// what changed. Provides the "mcp" service. Connections live in api.keep, so a setup run again
// (`/reload`) keeps them; they close when the agent stops. A tool or prompt a server stops
// offering is unregistered (live.ts); long results are capped (output-cap.ts). Servers given for one session (ACP's `mcpServers`) join them, in no file.
import { definePlugin, Stage, Type, type PluginApi } from "pi-kernel";
import type { McpService } from "../../contracts/mcp.js";
import { Stages } from "../../contracts/stages.js";
import { type LoadedMcpServer, loadMcpConfig, mcpConfigFiles, redactConfig, serversIn } from "../../lib/mcp-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";
import { LiveTools } from "./live.js";
import { McpManager } from "./manager.js";
import { outputCap } from "./output-cap.js";
import { dropUnclaimed, prestartServers } from "./prestart.js";
import { mcpName } from "./tools.js";
import { watchConfig } from "./watch.js";

const DEFAULT_STARTUP_TIMEOUT_MS = 10_000;

// The stdio servers of the default config start now, as this module loads (prestart.ts).
prestartServers();

export default definePlugin({
  name: "mcp",
  provides: ["mcp"],
  uses: ["commands"],
  after: ["commands-core", "deferred-tools"],
  settings: Type.Object({
    mcp: Type.Optional(
      Type.Object({
        startupTimeoutMs: Type.Optional(Type.Number({ minimum: 0 })),
        /** Tokens of one tool result the model sees (env MAX_MCP_OUTPUT_TOKENS wins); output-cap.ts. */
        maxOutputTokens: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
    ),
  }),
  setup(api) {
    const manager = api.keep("manager", () => new McpManager());
    const withCommands = api.services.has("commands");
    const live = new LiveTools(api, manager, withCommands, () => outputCap(process.env, api.settings.mcp));
    const waitedFor = new Set<string>();
    manager.listener = {
      changed: () => {
        for (const c of manager.conns.values()) if (c.state !== "starting") waitedFor.delete(c.name);
        live.sync();
      },
      problem: (server, message) => report(api, server, `MCP server "${server}" ${message}`),
    };
    const files = () => mcpConfigFiles(api.agentDir, api.cwd, isTrusted(api.agentDir, api.cwd));
    // Servers an ACP client gave for its session: kept across reloads, merged into every load.
    const given = api.keep("session-servers", () => ({ servers: [] as LoadedMcpServer[] }));
    // Servers other plugins bring (a Claude Code plugin's), by owner: after the configured ones, which win a name.
    const brought = new Map<string, LoadedMcpServer[]>();
    // Servers pi extensions registered (pi.registerMcpServer): a configured or session server of the same name wins, as in pi.
    const registered = api.keep("extension-servers", () => ({ servers: [] as LoadedMcpServer[] }));
    const load = () => {
      const { servers, problems } = loadMcpConfig(files());
      for (const p of problems) api.diagnose({ level: "warning", code: "mcp-config", where: "mcp", message: p });
      const configured = new Set(servers.map((s) => s.name));
      const extra = [...brought.values()].flat().filter((s) => !configured.has(s.name) && configured.add(s.name));
      const names = new Set(given.servers.map((s) => s.name));
      const taken = new Set([...servers.map((s) => s.name), ...extra.map((s) => s.name), ...names]);
      return [
        ...[...servers, ...extra].filter((s) => !names.has(s.name)),
        ...given.servers,
        ...registered.servers.filter((s) => !taken.has(s.name)),
      ];
    };
    const addServers: McpService["addServers"] = (owner, configs, o) => {
      const problems: string[] = [];
      const list = configs.flatMap((c) => serversIn(c.config, c.file, o.scope, problems, { ...process.env, ...o.env }));
      for (const p of problems) api.diagnose({ level: "warning", code: "mcp-config", where: "mcp", message: p });
      brought.set(owner, list);
      manager.apply(load());
      return () => {
        if (brought.get(owner) !== list) return;
        brought.delete(owner);
        manager.apply(load());
      };
    };
    manager.apply(load());
    // Servers start now, while the other plugins set up, rather than at boot: their own start
    // time then overlaps the agent's instead of adding to it.
    if (manager.conns.size > 0) manager.startAll();
    dropUnclaimed();
    live.sync();

    if (withCommands) {
      const remove = api.services.use("commands").addSource({ name: "mcp", list: () => live.commands() });
      api.onDispose(remove);
    }
    api.services.provide(
      "mcp",
      service(
        manager,
        live,
        () => startupTimeout(api),
        (servers, from, group) => {
          const set = group === "extensions" ? registered : given;
          set.servers = servers.map((s) => ({ ...s, given: s.config, scope: "session", file: from }));
          manager.apply(load());
        },
        addServers,
      ),
    );
    api.on("boot", () => manager.startAll());
    api.on(
      "systemPrompt",
      async (prompt, ctx) => {
        manager.retryDue();
        const gaveUp = await manager.ready(startupTimeout(api));
        for (const name of gaveUp) {
          if (waitedFor.has(name)) continue;
          waitedFor.add(name);
          const where = manager.conns.get(name)?.entry.file;
          api.diagnose({
            level: "warning",
            code: "mcp-server",
            where,
            message: `MCP server "${name}" is still starting after ${startupTimeout(api)} ms; this request goes without it`,
          });
        }
        live.fixTurnTools(ctx.tools);
        return prompt;
      },
      { stage: Stage.EARLY, timeoutMs: startupTimeout(api) + 2_000 },
    );

    if (api.flags.mode !== "print" && api.flags.mode !== "json") {
      // Started after the interactive UI's first frame (chokidar's load is not on its path); a
      // reload's boot starts this generation's watcher again.
      api.on(
        "boot",
        () => {
          const stop = watchConfig(
            files().map((f) => f.file),
            () => manager.apply(load()),
            (message) => api.diagnose({ level: "warning", where: "mcp", message }),
          );
          api.onDispose(stop);
        },
        { stage: Stages.WARM },
      );
    }
    // A reload runs this setup again on the same manager (api.keep), whose listener it replaced:
    // connections close only when the agent stops.
    api.on("shutdown", async (reason) => {
      if (reason === "reload") return;
      manager.listener = undefined;
      await manager.closeAll();
    });
  },
});

function startupTimeout(api: PluginApi): number {
  const ms = (api.settings.mcp as { startupTimeoutMs?: unknown } | undefined)?.startupTimeoutMs;
  return typeof ms === "number" && ms >= 0 ? ms : DEFAULT_STARTUP_TIMEOUT_MS;
}

function report(api: PluginApi, server: string, message: string): void {
  try {
    api.diagnose({ level: "warning", code: "mcp-server", where: server, message });
  } catch {
    // the plugin left the agent; nobody to tell
  }
}

function service(
  manager: McpManager,
  live: LiveTools,
  timeout: () => number,
  setSessionServers: McpService["setSessionServers"],
  addServers: McpService["addServers"],
): McpService {
  const status = (name: string) => {
    const c = manager.conns.get(name)!;
    return c.status(live.toolNames(name), c.state === "connected" ? c.prompts.map((p) => mcpName(name, p.name)) : []);
  };
  return {
    servers: () => [...manager.conns.keys()].map(status),
    async reconnect(name) {
      const c = manager.conns.get(name);
      if (!c) throw new Error(`no MCP server named "${name}"`);
      await c.close();
      await c.connect();
      return status(name);
    },
    ready: (timeoutMs) => manager.ready(timeoutMs ?? timeout()),
    config(name) {
      const c = manager.conns.get(name);
      return c && { ...redactConfig(c.entry.given), scope: c.entry.scope, file: c.entry.file };
    },
    setSessionServers,
    addServers,
  };
}
