// The "serve" service: starts (once) and stops the HTTP server, and keeps what other plugins
// mounted. The server's code is imported at the first start, so a run that never serves does not
// load it (nor `ws`).
import type { PluginApi } from "pi-kernel";
import type { RpcService, SessionsService } from "../../contracts/index.js";
import type { HttpHandler, ServeAddress, ServeService, ServeStartOptions } from "../../contracts/serve.js";
import type { RunningServer } from "./http-server.js";
import { newToken, readTokenFile } from "./token.js";

/** What the server reads from the agent, looked up per request (services may come and go on reload). */
export interface ServeDeps {
  rpc(): RpcService | undefined;
  sessions(): SessionsService | undefined;
  /** Mounted handlers, longest prefix first. */
  mounts(): [string, HttpHandler][];
  log(message: string): void;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/i;

export function createServe(api: () => PluginApi, warn: (line: string) => void): ServeService {
  const mounted = new Map<string, HttpHandler>();
  let running: RunningServer | undefined;
  let starting: Promise<ServeAddress> | undefined;
  const deps: ServeDeps = {
    rpc: () => api().services.get("rpc"),
    sessions: () => api().services.get("sessions"),
    mounts: () => [...mounted].sort((a, b) => b[0].length - a[0].length),
    log: (message) => api().log.warn(message),
  };
  const start = async (opts: ServeStartOptions): Promise<ServeAddress> => {
    const host = opts.host ?? "127.0.0.1";
    if (!LOOPBACK.test(host)) {
      if (!opts.allowRemote)
        throw new Error(`listening on ${host} lets other machines reach this agent; add --allow-remote if that is what you want`);
      warn(`pi serve: WARNING: listening on ${host}: anyone who can reach this port and has the token drives this agent.`);
      warn("pi serve: the traffic is not encrypted: prefer ssh -L or a reverse proxy with TLS (docs/usage/serve-and-web.md).");
    }
    const token = opts.tokenFile ? readTokenFile(opts.tokenFile) : newToken();
    const { listen } = await import("./http-server.js");
    running = await listen(deps, { host, port: opts.port ?? 0, token });
    return running.address;
  };
  return {
    start(opts = {}) {
      // Idempotent: a second call (another /ui web) gets the running address.
      starting ??= start(opts).catch((error: Error) => {
        starting = undefined;
        throw error;
      });
      return starting;
    },
    address: () => running?.address,
    async stop() {
      const server = running;
      running = undefined;
      starting = undefined;
      await server?.close();
    },
    mount(prefix, handler) {
      if (!prefix.startsWith("/")) throw new Error(`mount: a prefix starts with "/" (got "${prefix}")`);
      mounted.set(prefix, handler);
      return () => {
        if (mounted.get(prefix) === handler) mounted.delete(prefix);
      };
    },
  };
}
