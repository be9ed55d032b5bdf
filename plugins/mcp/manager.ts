// The set of live MCP connections, kept across plugin reloads (api.keep). Applying a config
// closes removed and changed servers and opens new ones; unchanged ones keep their connection.
// The plugin's latest setup listens (a listener it replaces on every setup); stdio
// children are killed when the process exits, whatever way it exits.
import type { LoadedMcpServer } from "../../lib/mcp-kit/index.js";
import { McpConnection } from "./connection.js";

export interface ManagerListener {
  changed(): void;
  problem(server: string, message: string): void;
}

export class McpManager {
  readonly conns = new Map<string, McpConnection>();
  listener: ManagerListener | undefined;
  /** After boot, a new server connects as soon as it is configured. */
  booted = false;
  private readonly killAll = () => {
    for (const c of this.conns.values()) c.kill();
  };
  private exitHooked = false;
  private readonly events = {
    changed: () => this.listener?.changed(),
    problem: (conn: McpConnection, message: string) => this.listener?.problem(conn.name, message),
  };

  /** Brings the connections in line with the config; returns the names that changed. */
  apply(servers: LoadedMcpServer[]): string[] {
    const wanted = new Map(servers.map((s) => [s.name, s]));
    const touched: string[] = [];
    for (const [name, conn] of this.conns) {
      const next = wanted.get(name);
      if (next && JSON.stringify(next.config) === conn.key) {
        conn.entry = next; // same server; its file or scope may have moved
        continue;
      }
      touched.push(name);
      this.conns.delete(name);
      void conn.close();
    }
    for (const server of servers) {
      if (this.conns.has(server.name)) continue;
      if (!touched.includes(server.name)) touched.push(server.name);
      const conn = new McpConnection(server, this.events);
      this.conns.set(server.name, conn);
      if (this.booted) void conn.connect();
    }
    if (!this.exitHooked && this.conns.size > 0) {
      process.on("exit", this.killAll);
      this.exitHooked = true;
    }
    if (touched.length) this.listener?.changed();
    return touched;
  }

  /** Starts every server in parallel (the boot hook); does not wait. */
  startAll(): void {
    this.booted = true;
    for (const c of this.conns.values()) void c.connect();
  }

  /** Tries again the failed servers whose backoff has passed. */
  retryDue(now = Date.now()): void {
    for (const c of this.conns.values()) if (c.state === "failed" && now >= c.retryAt) void c.connect();
  }

  /** Waits (at most `timeoutMs`) for the servers still starting or re-listing; returns those it gave up on. */
  async ready(timeoutMs: number): Promise<string[]> {
    const starting = () => [...this.conns.values()].filter((c) => c.state === "starting");
    const waits = [...starting().map((c) => c.connect()), ...[...this.conns.values()].map((c) => c.refreshing).filter((p) => p)];
    if (waits.length === 0) return [];
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    await Promise.race([Promise.all(waits), limit]);
    clearTimeout(timer);
    return starting().map((c) => c.name);
  }

  async closeAll(): Promise<void> {
    if (this.exitHooked) process.off("exit", this.killAll);
    this.exitHooked = false;
    const all = [...this.conns.values()];
    this.conns.clear();
    // Leaving: stdio servers get SIGTERM at once rather than the SDK's wait for them to exit on
    // their own after stdin closes (up to seconds), so `pi -p` does not linger after its answer.
    for (const c of all) c.kill();
    await Promise.all(all.map((c) => c.close()));
  }
}
