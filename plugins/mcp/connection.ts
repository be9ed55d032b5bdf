// One configured MCP server and its live connection, through the official SDK (loaded on the
// first connect, so an agent with no server pays nothing). Kept across plugin reloads (api.keep
// holds the manager that owns these), so a reload does not respawn a server whose config is the
// same. Every message that leaves this file is scrubbed of the config's env and header values
// and of what its `${VAR}` references expanded to.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpServerState, McpServerStatus } from "../../contracts/mcp.js";
import { type LoadedMcpServer, secretsOf, transportOf } from "../../lib/mcp-kit/index.js";
import { LazyOutputValidator } from "./output-validator.js";
import { claimPrestarted } from "./prestart.js";
import { loadSdk, loadSdkHttp } from "./sdk.js";
import { exitText, stderrSummary } from "./stderr-summary.js";
import { EarlyStdioTransport } from "./stdio-transport.js";

export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  /** The server's hints about what the tool does (MCP `ToolAnnotations`); absent ones are unknown. */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean; idempotentHint?: boolean };
}

export interface McpPromptInfo {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** What a connection tells its manager: its lists or state changed, or something to report. */
export interface ConnectionEvents {
  changed(conn: McpConnection): void;
  problem(conn: McpConnection, message: string): void;
}

const BACKOFF_MS = [1_000, 5_000, 30_000, 120_000];
/** One for every server: output schemas compile on their tool's first result (output-validator.ts). */
const outputValidator = new LazyOutputValidator();

export class McpConnection {
  state: McpServerState = "disconnected";
  error: string | undefined;
  tools: McpToolInfo[] = [];
  prompts: McpPromptInfo[] = [];
  client: Client | undefined;
  /** A list refresh after a list_changed notification, which the next request waits for. */
  refreshing: Promise<void> | undefined;
  /** When a failed server may be tried again (the next request after this). */
  retryAt = 0;
  private failures = 0;
  private starting: Promise<void> | undefined;
  private pid: number | undefined;
  private stderrHead = "";
  private stdio: EarlyStdioTransport | undefined;
  private generation = 0;

  constructor(
    public entry: LoadedMcpServer,
    private readonly events: ConnectionEvents,
  ) {
    if (entry.config.disabled) this.state = "disabled";
  }

  get name(): string {
    return this.entry.name;
  }

  /** The config's identity: a server whose key is unchanged keeps its connection. */
  get key(): string {
    return JSON.stringify(this.entry.config);
  }

  get defer(): boolean {
    return this.entry.config.defer !== false;
  }

  status(toolNames: string[], promptNames: string[]): McpServerStatus {
    return {
      name: this.name,
      scope: this.entry.scope,
      file: this.entry.file,
      transport: transportOf(this.entry.config),
      state: this.state,
      ...(this.error !== undefined && { error: this.error }),
      tools: toolNames,
      prompts: promptNames,
      deferred: this.defer,
    };
  }

  /** Connects unless connected or starting; resolves when connected or failed. */
  connect(): Promise<void> {
    if (this.state === "disabled" || this.state === "connected") return Promise.resolve();
    this.starting ??= this.open().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Scrubs the config's secrets (env and header values) out of a message. */
  scrub(text: string): string {
    let out = text;
    for (const secret of secretsOf(this.entry)) out = out.split(secret).join("***");
    return out;
  }

  async close(): Promise<void> {
    this.generation++;
    const client = this.client;
    this.client = undefined;
    this.tools = [];
    this.prompts = [];
    if (this.state !== "disabled") this.state = "disconnected";
    await client?.close().catch(() => {});
  }

  /** Kills a stdio child synchronously (process exit, where nothing async runs). */
  kill(): void {
    if (this.pid === undefined) return;
    try {
      process.kill(this.pid);
    } catch {
      // already gone
    }
  }

  private async open(): Promise<void> {
    const generation = ++this.generation;
    this.state = "starting";
    this.error = undefined;
    this.events.changed(this);
    let client: Client | undefined;
    let transport: Transport | undefined;
    try {
      // A stdio server is spawned by transport() before the SDK import below is awaited.
      const pendingTransport = this.transport().then((t) => (transport = t));
      const [{ Client }] = await Promise.all([loadSdk(), pendingTransport]);
      if (!transport) throw new Error("no transport");
      client = new Client({ name: "pi-kernel", version: "1.0.0" }, { capabilities: {}, jsonSchemaValidator: outputValidator });
      client.onclose = () => this.lost(generation, "the connection closed");
      client.onerror = () => {}; // transport noise; a lost connection arrives as onclose
      await client.connect(transport);
      if (generation !== this.generation) return void (await client.close());
      this.client = client;
      await this.listen(client, generation);
      await Promise.all([this.refreshTools(client), this.refreshPrompts(client)]);
      if (generation !== this.generation) return;
      this.state = "connected";
      this.failures = 0;
      this.events.changed(this);
    } catch (error) {
      if (generation !== this.generation) return;
      await (client ?? transport)?.close().catch(() => {});
      this.fail(`failed to start: ${this.describe(error)}`);
    }
  }

  private async transport(): Promise<Transport> {
    const c = this.entry.config;
    const kind = transportOf(c);
    if (kind === "stdio") {
      // Spawned when the module loaded, if the config then was this one (prestart.ts); else now.
      const t = claimPrestarted(this.entry) ?? new EarlyStdioTransport({ command: c.command!, args: c.args, env: c.env, cwd: c.cwd });
      this.pid = t.pid; // so exit kills it even if the handshake never finishes
      this.stdio = t;
      this.stderrHead = "";
      // The start of stderr: the message comes first, the stack and the runtime's banner after.
      t.stderr?.on("data", (d: Buffer) => {
        if (this.stderrHead.length < 8000) this.stderrHead += d.toString();
      });
      return t;
    }
    this.stdio = undefined;
    const url = new URL(c.url!);
    const requestInit = c.headers ? { headers: c.headers } : undefined;
    const { SSEClientTransport, StreamableHTTPClientTransport } = await loadSdkHttp();
    if (kind === "sse") return new SSEClientTransport(url, { requestInit });
    return new StreamableHTTPClientTransport(url, { requestInit });
  }

  private async listen(client: Client, generation: number): Promise<void> {
    const types = await loadSdk();
    const caps = client.getServerCapabilities() ?? {};
    if (caps.tools?.listChanged) {
      client.setNotificationHandler(types.ToolListChangedNotificationSchema, () =>
        this.refresh(generation, () => this.refreshTools(client)),
      );
    }
    if (caps.prompts?.listChanged) {
      client.setNotificationHandler(types.PromptListChangedNotificationSchema, () =>
        this.refresh(generation, () => this.refreshPrompts(client)),
      );
    }
  }

  private refresh(generation: number, list: () => Promise<void>): Promise<void> {
    const done = (this.refreshing ?? Promise.resolve())
      .then(list)
      .catch(() => {})
      .then(() => {
        if (this.refreshing === done) this.refreshing = undefined;
        if (generation === this.generation) this.events.changed(this);
      });
    this.refreshing = done;
    return done;
  }

  private async refreshTools(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.tools) return;
    this.tools = await allPages(async (cursor) => {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      return { items: page.tools as McpToolInfo[], next: page.nextCursor };
    });
  }

  private async refreshPrompts(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.prompts) return;
    this.prompts = await allPages(async (cursor) => {
      const page = await client.listPrompts(cursor ? { cursor } : undefined);
      return { items: page.prompts as McpPromptInfo[], next: page.nextCursor };
    });
  }

  private lost(generation: number, why: string): void {
    // While starting, the failed handshake rejects and open() reports it.
    if (generation !== this.generation || this.state !== "connected") return;
    this.generation++;
    this.client = undefined;
    this.fail(`${why}${this.tail()}`);
  }

  private fail(message: string): void {
    this.state = "failed";
    this.error = this.scrub(message);
    this.tools = [];
    this.prompts = [];
    this.retryAt = Date.now() + BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
    this.failures++;
    this.events.problem(this, this.error);
    this.events.changed(this);
  }

  private describe(error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    return `${text}${this.tail()}`;
  }

  /** How a stdio server ended and the line of its stderr that says why. */
  private tail(): string {
    const parts = [exitText(this.stdio?.exit), stderrSummary(this.stderrHead)].filter(Boolean);
    return parts.length ? ` (${parts.join("; stderr: ")})` : "";
  }
}

/** Every item of a paginated MCP list (tools/list, prompts/list), following the cursors. */
async function allPages<T>(fetch: (cursor: string | undefined) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    out.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return out;
}
