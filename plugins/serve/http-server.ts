// The HTTP server of `pi serve` (imported when serving starts, so other runs never load it): every
// request and WebSocket upgrade is checked against the token first, and a wrong or missing one
// gets a bare 401 (no body, no hint of what is served). Behind it: the RPC protocol over a
// WebSocket at /rpc (the "rpc" service: one client per socket), read-only JSON endpoints under
// /api, and what other plugins mount (the web UI at /).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { HttpHandler, ServeAddress } from "../../contracts/serve.js";
import { apiRoute } from "./api-routes.js";
import type { ServeDeps } from "./service.js";
import { carriedToken, cookieName, sameOrigin, tokensMatch } from "./token.js";

/** Images travel inside prompt commands: room for a few screenshots, not for a flood. */
const MAX_MESSAGE = 32 * 1024 * 1024;
/** A client that stops answering pings is dropped (its dialogs stay open for the others). */
const PING_MS = 30_000;

export interface RunningServer {
  address: ServeAddress;
  close(): Promise<void>;
}

export async function listen(deps: ServeDeps, opts: { host: string; port: number; token: string }): Promise<RunningServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  let port = opts.port;
  const authorized = (req: IncomingMessage, url: URL | undefined) => {
    const carried = url && carriedToken(req, url, port);
    return !!carried && tokensMatch(carried.token, opts.token) && (carried.via !== "cookie" || sameOrigin(req)) && carried;
  };
  const server = createServer((req, res) => {
    const url = parse(req);
    const carried = authorized(req, url);
    if (!carried || !url) return deny(res);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "no-referrer");
    // A page opened with ?token=: later requests (its scripts, its WebSocket) carry the cookie.
    if (carried.via === "query") res.setHeader("Set-Cookie", `${cookieName(port)}=${opts.token}; HttpOnly; SameSite=Strict; Path=/`);
    void route(deps, req, res, url.pathname).catch((error: Error) => {
      deps.log(`serve: ${req.method} ${url.pathname}: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("internal error\n");
    });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = parse(req);
    if (!authorized(req, url)) return refuse(socket, "401 Unauthorized");
    if (url?.pathname !== "/rpc") return refuse(socket, "404 Not Found");
    const rpc = deps.rpc();
    if (!rpc) return refuse(socket, "503 Service Unavailable");
    wss.handleUpgrade(req, socket, head, (ws) =>
      attachClient(ws, rpc.connect({ send: (r) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(r)) })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = server.address();
  port = typeof bound === "object" && bound ? bound.port : opts.port;
  const ping = setInterval(() => {
    for (const ws of wss.clients) pingOrDrop(ws);
  }, PING_MS);
  ping.unref();
  return {
    address: { url: `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${port}`, token: opts.token, host: opts.host, port },
    close: async () => {
      clearInterval(ping);
      for (const ws of wss.clients) ws.close(1001, "server stopping");
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      wss.close();
    },
  };
}

function attachClient(ws: WebSocket, connection: { receive(line: string): Promise<void>; close(): void }): void {
  (ws as WebSocket & { alive?: boolean }).alive = true;
  ws.on("pong", () => ((ws as WebSocket & { alive?: boolean }).alive = true));
  // One message is one command; JSONL (several lines) is taken too, as on stdin.
  ws.on("message", (data) => {
    for (const line of String(data).split("\n")) void connection.receive(line.endsWith("\r") ? line.slice(0, -1) : line);
  });
  ws.on("close", () => connection.close());
  ws.on("error", () => connection.close());
}

function pingOrDrop(ws: WebSocket & { alive?: boolean }): void {
  if (ws.alive === false) return void ws.terminate();
  ws.alive = false;
  ws.ping();
}

async function route(deps: ServeDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (path.startsWith("/api/") && (await apiRoute(deps, req, res, path))) return;
  for (const [prefix, handler] of deps.mounts()) {
    if (!under(path, prefix)) continue;
    const rest = prefix === "/" ? path : path.slice(prefix.replace(/\/$/, "").length) || "/";
    if (await (handler as HttpHandler)(req, res, rest)) return;
  }
  if (path === "/" && req.method === "GET") {
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    return void res.end("pi-kernel serve: RPC over a WebSocket at /rpc; JSON at /api/state and /api/sessions\n");
  }
  res.writeHead(404, { "Content-Type": "text/plain" });
  res.end("not found\n");
}

function under(path: string, prefix: string): boolean {
  if (prefix === "/") return true;
  const base = prefix.replace(/\/$/, "");
  return path === base || path.startsWith(`${base}/`);
}

function parse(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? "/", "http://serve.invalid");
  } catch {
    return undefined;
  }
}

/** A wrong or missing token: the status and nothing else. */
function deny(res: ServerResponse): void {
  res.writeHead(401, { "Content-Length": "0" });
  res.end();
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}
