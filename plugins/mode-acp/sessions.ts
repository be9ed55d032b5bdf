// ACP sessions over pi's one agent: session/new starts a pi session (a JSONL file in the sessions
// dir for the cwd, written from the first answer on), session/load opens one and replays it, and
// a request for another session of this connection switches the agent to it once it is idle.
// Each session's MCP servers (the client's `mcpServers`) connect through the mcp plugin.
import { realpathSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { RequestError, type LoadSessionRequest, type McpServer, type NewSessionRequest } from "@agentclientprotocol/sdk";
import type { PluginApi } from "pi-kernel";
import { configOptions, sessionModes } from "./config.js";
import { mcpConfigs } from "./mcp-servers.js";
import { replayUpdates } from "./replay.js";
import { registryLookup } from "./tool-info.js";
import type { AcpState } from "./state.js";
import type { EventBridge } from "./updates.js";

export class AcpSessions {
  private announced = "";
  /** The MCP servers given to the mcp plugin last: a prompt in the same session changes nothing. */
  private mcpKey = "[]";

  constructor(
    private readonly api: PluginApi,
    private readonly state: AcpState,
    private readonly bridge: EventBridge,
  ) {}

  async create(params: NewSessionRequest) {
    this.checkCwd(params.cwd);
    const api = this.api;
    await api.actions.waitForIdle();
    // The session the agent started with is used for the first session/new while it is empty.
    if (this.state.sessionId !== undefined || api.agent.messages.length > 0) await this.startNew();
    const id = this.api.agent.sessionId;
    this.bind(id, params.mcpServers);
    return { sessionId: id, modes: sessionModes(this.api), configOptions: configOptions(this.api) };
  }

  async load(params: LoadSessionRequest) {
    this.checkCwd(params.cwd);
    const api = this.api;
    const store = api.services.get("sessions");
    if (!store) throw RequestError.invalidRequest(undefined, "this agent keeps no sessions (the session-jsonl plugin is not loaded)");
    if (api.agent.sessionId !== params.sessionId) await this.open(params.sessionId);
    this.bind(params.sessionId, params.mcpServers);
    // The history goes out before the response, as the protocol asks.
    for (const update of replayUpdates(this.api.agent.messages, this.api.cwd, registryLookup(this.api)))
      await this.state.update(update, params.sessionId);
    return { modes: sessionModes(this.api), configOptions: configOptions(this.api) };
  }

  /** Makes `sessionId` the agent's session (a request for it arrived). */
  async activate(sessionId: string): Promise<void> {
    if (!this.state.known.has(sessionId)) throw RequestError.sessionNotFound(sessionId);
    if (this.api.agent.sessionId !== sessionId) await this.open(sessionId);
    this.bind(sessionId, this.state.known.get(sessionId) ?? []);
  }

  /** available_commands_update: slash commands, prompt templates and skills, when they changed. */
  async announceCommands(force = false): Promise<void> {
    const commands = this.api.services.get("commands");
    const list = commands ? await commands.list() : this.api.registry.list("command");
    const available = list.map((c) => ({
      name: c.name,
      description: c.description ?? "",
      input: c.argumentHint ? { hint: c.argumentHint } : null,
    }));
    const key = JSON.stringify(available);
    if (!force && key === this.announced) return;
    this.announced = key;
    this.bridge.send({ sessionUpdate: "available_commands_update", availableCommands: available });
  }

  private bind(sessionId: string, mcpServers: readonly McpServer[]): void {
    const changed = this.state.sessionId !== sessionId;
    this.state.sessionId = sessionId;
    this.state.known.set(sessionId, mcpServers);
    const mcp = this.api.services.get("mcp");
    const servers = mcpConfigs(mcpServers);
    const key = JSON.stringify(servers);
    if (mcp && key !== this.mcpKey) {
      this.mcpKey = key;
      mcp.setSessionServers(servers, `ACP session ${sessionId}`);
    } else if (!mcp && mcpServers.length > 0)
      this.api.diagnose({
        level: "warning",
        where: "acp mcpServers",
        message: "the client's MCP servers are ignored: the mcp plugin is not loaded",
      });
    if (changed) this.announced = "";
    // After the response that names the session: the client drops updates for sessions it does not know yet.
    setImmediate(() => void this.announceCommands().catch(() => {}));
  }

  private async startNew(): Promise<void> {
    const api = this.api;
    const store = api.services.get("sessions");
    if (!store) {
      api.actions.setMessages([]);
      api.actions.setSessionId(randomUUID());
      return;
    }
    const r = await store.replace({ type: "session_before_switch", reason: "new" }, "new", () => store.newSession());
    if (r.cancelled) throw RequestError.internalError(undefined, `starting a new session was cancelled${r.by ? ` by ${r.by}` : ""}`);
  }

  private async open(sessionId: string): Promise<void> {
    const api = this.api;
    await api.actions.waitForIdle();
    const store = api.services.get("sessions");
    let file: string | undefined;
    try {
      file = store?.locate(sessionId);
    } catch {
      file = undefined;
    }
    // A session with no answer yet has no file: nothing to go back to.
    if (!store || !file) throw RequestError.sessionNotFound(sessionId);
    const target = file;
    const r = await store.replace({ type: "session_before_switch", reason: "resume", targetSessionFile: target }, "resume", () =>
      store.open(target),
    );
    if (r.cancelled) throw RequestError.internalError(undefined, `switching sessions was cancelled${r.by ? ` by ${r.by}` : ""}`);
  }

  /** pi's agent serves the directory it started in; a session elsewhere needs its own process. */
  private checkCwd(cwd: string): void {
    const real = (p: string) => {
      try {
        return realpathSync(p);
      } catch {
        return p;
      }
    };
    const here = this.api.cwd;
    if (real(cwd) !== real(here))
      throw RequestError.invalidParams(
        { cwd, agentCwd: here },
        `this pi-kernel agent serves ${here}; start another \`pi --mode acp\` in ${cwd} for a session there`,
      );
  }
}
