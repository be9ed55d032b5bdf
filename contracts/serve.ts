// The "serve" service (provided by the serve plugin): the agent's session behind an HTTP endpoint
// on loopback (`pi serve`, `/ui web`). The RPC protocol of `--mode rpc` runs over a WebSocket at
// `/rpc`; every request carries the access token. Other plugins (the web UI) add pages and
// endpoints under the same server and the same token check through `mount`.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers one authenticated request under a mounted prefix; returns false to fall through (404). */
export type HttpHandler = (req: IncomingMessage, res: ServerResponse, path: string) => boolean | Promise<boolean>;

export interface ServeAddress {
  /** Base URL, e.g. "http://127.0.0.1:4180". */
  url: string;
  /** The access token every request must carry (header, `?token=` or the session cookie). */
  token: string;
  host: string;
  port: number;
}

export interface ServeStartOptions {
  host?: string;
  port?: number;
  /** Read the token from this file instead of generating one. */
  tokenFile?: string;
  /** Binding to a non-loopback host needs this; a warning is printed. */
  allowRemote?: boolean;
}

export interface ServeService {
  /** Starts serving the current session (idempotent: a second call returns the running address). */
  start(opts?: ServeStartOptions): Promise<ServeAddress>;
  /** The running address, or undefined when not serving. */
  address(): ServeAddress | undefined;
  stop(): Promise<void>;
  /** Adds a handler for requests under `prefix` (e.g. "/" for the web UI, "/api/x"); behind the token check. */
  mount(prefix: string, handler: HttpHandler): () => void;
}

declare module "pi-kernel" {
  interface Services {
    serve: ServeService;
  }
}

declare module "pi-kernel" {
  interface Flags {
    /** `pi serve` (declared by the serve plugin): serve the session instead of reading stdin. */
    serve: boolean;
    host: string;
    port: number;
    tokenFile: string;
    allowRemote: boolean;
  }
}
