// Spawning the configured stdio servers as early as the process allows: when this plugin's
// module is evaluated, before any plugin's setup, rather than in setup. A server's own start
// (~300 ms for server-everything) is the longest thing before the first request, so every
// millisecond it starts earlier comes off that request. The module body has no api yet, so this
// reads the config where the composition root finds it by default (PI_CODING_AGENT_DIR, else
// ~/.pi/agent; the project files when the working directory is trusted); setup() loads the config
// for real and claims a prestarted server only when its config is identical, and kills the rest,
// so a guess that was wrong (another agent dir, a trust given later) costs a spawn, never a
// wrong server. Until claimed the children hold the process open by nothing (unref'd) and die
// with it.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { type LoadedMcpServer, loadMcpConfig, mcpConfigFiles, transportOf } from "../../lib/mcp-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";
import { EarlyStdioTransport } from "./stdio-transport.js";

/** The config a prestarted server was spawned with (JSON), and its transport. */
const prestarted = new Map<string, { key: string; transport: EarlyStdioTransport }>();

const killUnclaimed = () => {
  for (const { transport } of prestarted.values()) transport.kill();
};

/** Spawns the stdio servers of the default config files. Never throws: setup reports config problems. */
export function prestartServers(): void {
  try {
    const agentDir = resolve(process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
    const cwd = process.cwd();
    const { servers } = loadMcpConfig(mcpConfigFiles(agentDir, cwd, isTrusted(agentDir, cwd)));
    for (const server of servers) {
      const c = server.config;
      if (transportOf(c) !== "stdio" || c.disabled) continue;
      const transport = new EarlyStdioTransport({ command: c.command!, args: c.args, env: c.env, cwd: c.cwd }, { held: true });
      prestarted.set(server.name, { key: JSON.stringify(c), transport });
    }
  } catch {
    // an unreadable trust list or agent dir: setup starts the servers itself
  }
  if (prestarted.size > 0) process.on("exit", killUnclaimed);
}

/** The prestarted transport of this server, if it was spawned with this very config (once). */
export function claimPrestarted(server: LoadedMcpServer): EarlyStdioTransport | undefined {
  const early = prestarted.get(server.name);
  if (!early || early.key !== JSON.stringify(server.config)) return undefined;
  prestarted.delete(server.name);
  early.transport.hold(false);
  return early.transport;
}

/** Kills the prestarted servers nobody claimed (setup calls it once its servers have started). */
export function dropUnclaimed(): void {
  killUnclaimed();
  prestarted.clear();
  process.off("exit", killUnclaimed);
}
