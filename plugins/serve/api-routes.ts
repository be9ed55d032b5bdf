// Plain HTTP reads for scripts and dashboards (`curl -H "Authorization: Bearer $T" .../api/state`):
// each is the data of the RPC command a client would send, so both always agree; the session list
// comes from the session store (RPC has no command for it).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServeDeps } from "./service.js";

const READS: Record<string, string> = {
  "/api/state": "get_state",
  "/api/messages": "get_messages",
  "/api/commands": "get_commands",
  "/api/stats": "get_session_stats",
  "/api/models": "get_available_models",
};

/** Answers a GET under /api; false leaves the path to mounted handlers. */
export async function apiRoute(deps: ServeDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  const command = READS[path];
  if (!command && path !== "/api/sessions") return false;
  if (req.method !== "GET" && req.method !== "HEAD") return reply(res, 405, { error: "GET only" });
  if (path === "/api/sessions") {
    const sessions = deps.sessions();
    if (!sessions) return reply(res, 503, { error: "no session store in this agent" });
    const all = new URL(req.url ?? "", "http://x").searchParams.get("all") === "1";
    return reply(res, 200, { current: sessions.file, sessions: sessions.list({ all }) });
  }
  const rpc = deps.rpc();
  if (!rpc) return reply(res, 503, { error: "no RPC endpoint in this agent" });
  const response = await rpc.call({ type: command });
  return response.success ? reply(res, 200, response.data ?? {}) : reply(res, 500, { error: response.error });
}

function reply(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
  return true;
}
