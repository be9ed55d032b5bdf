// What ACP mode knows between requests: the client connection and what it offered, the ACP
// session the agent is bound to now, and the running prompt. One object per plugin (api.keep),
// shared by the server loop, the event bridge and the services the plugin provides.
import type { AgentContext, ClientCapabilities, McpServer, SessionUpdate } from "@agentclientprotocol/sdk";
import type { AssistantMessage } from "pi-kernel";
import type { EventBridge } from "./updates.js";

export interface Turn {
  sessionId: string;
  /** session/cancel arrived: the prompt answers `cancelled` whatever the run ended with. */
  cancelled: boolean;
  /** Aborted by session/cancel: ends questions to the client still open for this prompt. */
  abort: AbortController;
  /** The last answer the run produced: its stop reason is the prompt's. */
  answer?: AssistantMessage;
}

export class AcpState {
  /** The client side of the connection, once a client is connected. */
  client: AgentContext | undefined;
  caps: ClientCapabilities = {};
  /** The ACP session the agent holds now (its id is the pi session id). */
  sessionId: string | undefined;
  /** Sessions this connection created or loaded, by id, with the MCP servers the client gave. */
  readonly known = new Map<string, readonly McpServer[]>();
  /** Turns agent events into session updates while a client is connected. */
  bridge: EventBridge | undefined;
  turn: Turn | undefined;
  /** Old and new text of files the running tool calls change, for the `diff` content. */
  readonly snapshots = new Map<string, { path: string; oldText: string | null }[]>();

  get connected(): boolean {
    return this.client !== undefined;
  }

  offersFs(op: "read" | "write"): boolean {
    return this.connected && (op === "read" ? this.caps.fs?.readTextFile === true : this.caps.fs?.writeTextFile === true);
  }

  offersTerminal(): boolean {
    return this.connected && this.caps.terminal === true;
  }

  /** Sends a session/update for the bound session; a closed connection loses it quietly. */
  update(update: SessionUpdate, sessionId = this.sessionId): Promise<void> {
    if (!this.client || !sessionId) return Promise.resolve();
    return this.client.notify("session/update", { sessionId, update }).catch(() => {});
  }

  /** The bound session's id, for client calls that need one (fs, terminal, permission). */
  requireSession(what: string): string {
    if (!this.client || !this.sessionId) throw new Error(`${what}: no ACP session is open`);
    return this.sessionId;
  }
}
