// A loopback authorization server that plays every subscription's sign-in endpoints for tests:
// the providers' addresses arrive host-prefixed (`/claude.ai/oauth/authorize`, see
// plugins/auth-oauth/endpoints.ts). Authorizing approves at once and redirects to the callback;
// codes are checked against their PKCE challenge; refresh tokens rotate, and spending one twice
// fails with invalid_grant, as the real servers do, so a double refresh shows.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface OAuthServer {
  url: string;
  /** Refresh-grant requests received (each a token spent). */
  refreshCalls: number;
  /** Every request path, in order. */
  paths: string[];
  /** Seconds the next issued tokens live. */
  expiresIn: number;
  /** Holds each refresh answer this long (widens the window two processes could both refresh in). */
  refreshDelayMs: number;
  /** The authorize request's query, by provider host. */
  authorizations: Map<string, URLSearchParams>;
  /**
   * Google accounts that never used Code Assist, with this default tier: loadCodeAssist names no
   * project, and onboardUser starts an operation that is done on its first poll.
   */
  newGoogleAccounts: false | "free-tier" | "standard-tier";
  /** The onboardUser request bodies received. */
  onboarded: Record<string, unknown>[];
  /** Makes a refresh token valid (for auth.json entries a test writes itself). */
  allowRefresh(token: string): void;
  close(): Promise<void>;
}

interface PendingCode {
  challenge: string | null;
  host: string;
}

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

export async function startOAuthServer(): Promise<OAuthServer> {
  let counter = 0;
  const codes = new Map<string, PendingCode>();
  const liveRefresh = new Set<string>();
  let devicePolls = 0;
  const state = {
    refreshCalls: 0,
    paths: [] as string[],
    expiresIn: 3600,
    refreshDelayMs: 0,
    authorizations: new Map<string, URLSearchParams>(),
    newGoogleAccounts: false as false | "free-tier" | "standard-tier",
    onboarded: [] as Record<string, unknown>[],
  };

  const issue = (host: string) => {
    const n = ++counter;
    const refresh = `rt-${host}-${n}`;
    liveRefresh.add(refresh);
    const access =
      host === "auth.openai.com"
        ? jwt({ "https://api.openai.com/auth": { chatgpt_account_id: "acct-sim" }, n })
        : host === "platform.claude.com"
          ? `sk-ant-oat01-sim-${n}`
          : `ya29.sim-${n}`;
    return { access_token: access, refresh_token: refresh, expires_in: state.expiresIn, token_type: "Bearer" };
  };

  const token = async (host: string, params: Record<string, string>, res: ServerResponse) => {
    if (params.grant_type === "authorization_code") {
      const pending = codes.get(params.code);
      codes.delete(params.code);
      const verified =
        pending?.challenge ===
        createHash("sha256")
          .update(params.code_verifier ?? "")
          .digest("base64url");
      if (!pending || !verified) return send(res, 400, { error: "invalid_grant", error_description: "bad code or verifier" });
      return send(res, 200, issue(host));
    }
    if (params.grant_type === "refresh_token") {
      state.refreshCalls++;
      if (state.refreshDelayMs) await new Promise((r) => setTimeout(r, state.refreshDelayMs));
      if (!liveRefresh.delete(params.refresh_token))
        return send(res, 400, { error: "invalid_grant", error_description: "refresh token already used" });
      return send(res, 200, issue(host));
    }
    send(res, 400, { error: "unsupported_grant_type" });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [, host, ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    state.paths.push(`${host}${path}`);
    const raw = await new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (d) => (text += d));
      req.on("end", () => resolve(text));
    });
    const params: Record<string, string> = /json/.test(req.headers["content-type"] ?? "")
      ? JSON.parse(raw || "{}")
      : Object.fromEntries(new URLSearchParams(raw));
    if (path.endsWith("/authorize") || path === "/o/oauth2/v2/auth") {
      state.authorizations.set(host, url.searchParams);
      const code = `code-${++counter}`;
      codes.set(code, { challenge: url.searchParams.get("code_challenge"), host });
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (path.endsWith("/token") && req.method === "POST") return token(host, params, res);
    if (path === "/login/device/code") {
      return send(res, 200, {
        device_code: "dev-1",
        user_code: "SIM-1234",
        verification_uri: `https://${host}/login/device`,
        interval: 0,
        expires_in: 60,
      });
    }
    if (path === "/login/oauth/access_token") {
      // The person enters the code after the first poll.
      if (devicePolls++ === 0) return send(res, 200, { error: "authorization_pending" });
      return send(res, 200, { access_token: "gho_sim_github_token", token_type: "bearer" });
    }
    if (path === "/copilot_internal/v2/token") {
      if (req.headers.authorization !== "Bearer gho_sim_github_token") return send(res, 401, { error: "bad_token" });
      state.refreshCalls++;
      const n = ++counter;
      const expires = Math.floor(Date.now() / 1000) + state.expiresIn;
      return send(res, 200, { token: `tid=sim;exp=${expires};proxy-ep=proxy.individual.githubcopilot.com;n=${n}`, expires_at: expires });
    }
    if (path.endsWith("/policy")) return send(res, 200, {});
    if (path === "/v1internal:loadCodeAssist" && state.newGoogleAccounts)
      return send(res, 200, {
        allowedTiers: ["free-tier", "standard-tier"].map((id) => ({ id, isDefault: id === state.newGoogleAccounts })),
      });
    if (path === "/v1internal:loadCodeAssist")
      return send(res, 200, { cloudaicompanionProject: "sim-project", currentTier: { id: "free-tier" } });
    if (path === "/v1internal:onboardUser") {
      state.onboarded.push(params);
      return send(res, 200, { name: `operations/onboard-${state.onboarded.length}`, done: false });
    }
    if (path.startsWith("/v1internal/operations/onboard-") && req.method === "GET")
      return send(res, 200, { name: path.slice(12), done: true, response: { cloudaicompanionProject: { id: "onboarded-project" } } });
    send(res, 404, { error: "not_found", error_description: `${host}${path}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: "server_error", error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    allowRefresh: (t: string) => void liveRefresh.add(t),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
