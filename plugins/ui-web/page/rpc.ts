// The page's side of the RPC protocol (`--mode rpc`'s commands and events) over the WebSocket at
// `rpc` beside the page: one JSON record per message. Commands get an id and a promise of their
// response; everything else (events, extension_ui_request) goes to the listener. A dropped
// connection is retried with a growing pause (unless the server refuses the token); the caller
// resynchronises on each (re)connect.

export type RpcRecord = Record<string, unknown> & { type: string };

export interface RpcResponse {
  id?: string;
  type: "response";
  command: string;
  success: boolean;
  data?: unknown;
  error?: string;
}

export type ConnectionState = "connecting" | "open" | "closed" | "unauthorized";

export interface RpcClientOptions {
  url: string;
  onRecord(record: RpcRecord): void;
  onState(state: ConnectionState): void;
  /** Whether the server refuses this page's token (asked when a connection never opened). */
  refused(): Promise<boolean>;
}

const RETRY_MS = [250, 500, 1000, 2000, 5000];

export class RpcClient {
  private socket: WebSocket | undefined;
  private nextId = 1;
  private pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();
  private attempts = 0;
  private stopped = false;

  constructor(private readonly opts: RpcClientOptions) {}

  connect(): void {
    this.opts.onState("connecting");
    const socket = new WebSocket(this.opts.url);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.attempts = 0;
      this.opts.onState("open");
    };
    socket.onmessage = (message) => this.receive(String(message.data));
    socket.onclose = () => {
      this.failPending("the connection closed");
      if (this.stopped) return;
      // A refused upgrade looks like any failed connection to a page: ask the server whether the
      // token is the reason (401) before trying again; a server that is away is retried for ever.
      void (opened ? Promise.resolve(false) : this.opts.refused()).then((refused) => {
        if (refused) return this.opts.onState("unauthorized");
        this.opts.onState("closed");
        setTimeout(() => this.connect(), RETRY_MS[Math.min(this.attempts++, RETRY_MS.length - 1)]);
      });
    };
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  /** Sends a command and resolves with its `data`; a failed response rejects with its error. */
  call<T = unknown>(command: RpcRecord): Promise<T> {
    const id = `web-${this.nextId++}`;
    return new Promise<T>((resolve, reject) => {
      if (this.socket?.readyState !== WebSocket.OPEN) return reject(new Error("not connected"));
      this.pending.set(id, { resolve: resolve as (data: unknown) => void, reject });
      this.socket.send(JSON.stringify({ ...command, id }));
    });
  }

  /** Sends a record that has no response (extension_ui_response). */
  send(record: RpcRecord): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(record));
  }

  private receive(text: string): void {
    let record: RpcRecord;
    try {
      record = JSON.parse(text) as RpcRecord;
    } catch {
      return; // not ours to show: the server only sends JSON
    }
    if (record.type === "response" && typeof record.id === "string" && this.pending.has(record.id)) {
      const waiter = this.pending.get(record.id)!;
      this.pending.delete(record.id);
      const response = record as unknown as RpcResponse;
      if (response.success) waiter.resolve(response.data);
      else waiter.reject(new Error(response.error ?? `${response.command} failed`));
      return;
    }
    this.opts.onRecord(record);
  }

  private failPending(reason: string): void {
    for (const waiter of this.pending.values()) waiter.reject(new Error(reason));
    this.pending.clear();
  }
}

/** The WebSocket address beside the page (same host, path prefix kept for a reverse proxy), with the token. */
export function rpcUrl(location: Location, token: string): string {
  const url = new URL("rpc", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = token ? `?token=${encodeURIComponent(token)}` : "";
  url.hash = "";
  return url.toString();
}
