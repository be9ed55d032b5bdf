// The "rpc" service (provided by mode-rpc): pi's RPC protocol, one endpoint per process, reached
// through any transport. stdin/stdout (`pi --mode rpc`) is one peer; each WebSocket of `pi serve`
// is another. A peer's commands are answered to that peer alone; events and extension UI requests
// (dialogs) go to every peer, and the first answer to a dialog wins.
import type { DialogSurface } from "./ui.js";

/** Where the records meant for one client go. */
export interface RpcPeer {
  send(record: Record<string, unknown>): void;
}

export interface RpcConnection {
  /** One command line (JSON) from the client; resolves when it has been answered or started. */
  receive(line: string): Promise<void>;
  /** The client left: it gets nothing more (its running prompts go on). */
  close(): void;
}

export interface RpcService {
  /**
   * Connects a client. It first gets what was said before any client connected (the first one
   * only), then every dialog still waiting for an answer, then the live stream.
   */
  connect(peer: RpcPeer): RpcConnection;
  /** How many clients are connected. */
  clients(): number;
  /** Runs one command as a client would (for plain HTTP endpoints) and returns its response record. */
  call(command: { type: string; [field: string]: unknown }): Promise<Record<string, unknown>>;
  /**
   * The clients' dialogs, for a UI that asks beside its own (the terminal UI with `/ui web` shares
   * every dialog with them: the first answer wins). Undefined until a client has connected.
   */
  sharedDialogs(): DialogSurface | undefined;
  /** Runs started by `prompt` that have not finished (a transport waits for them before it exits). */
  settled(): Promise<void>;
}

declare module "pi-kernel" {
  interface Services {
    rpc: RpcService;
  }
}
