// ChatGPT Plus/Pro through Codex: authorization code + PKCE at auth.openai.com. Requests go to
// ChatGPT's Codex responses endpoint (api "openai-codex-responses", provider-openai-responses)
// with the account id from the token's claims in `chatgpt-account-id`.
import { endpoint } from "../endpoints.js";
import { OAuthHttpError, expiresAt, field, requestJson } from "../http.js";
import { jwtClaims } from "../jwt.js";
import { authorizeUrl, createPkce, randomState } from "../pkce.js";
import { catalogEntry } from "../catalog.js";
import { type Credentials, type SubscriptionDef, browserLogin } from "../subscription.js";

const CLIENT_ID = "app_EMoamEEZ73f0CkXaXp7hrann";
const AUTHORIZE_URL = "https://auth.openai.com/oauth/authorize";
const TOKEN_URL = "https://auth.openai.com/oauth/token";
const PORT = 1455;
const PATH = "/auth/callback";
const CLAIMS = "https://api.openai.com/auth";

/** The ChatGPT account the token belongs to (the Codex endpoint wants it in a header). */
export function accountId(accessToken: string): string | undefined {
  const auth = jwtClaims(accessToken)?.[CLAIMS] as Record<string, unknown> | undefined;
  const id = auth?.chatgpt_account_id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

async function tokens(step: string, form: Record<string, string>, old?: Credentials): Promise<Credentials> {
  const data = await requestJson(step, endpoint(TOKEN_URL), { body: { form } });
  const access = field(data, "access_token", step);
  const account = accountId(access);
  if (!account) throw new OAuthHttpError(`${step}: the token names no ChatGPT account`);
  return { ...old, type: "oauth", access, refresh: field(data, "refresh_token", step), expires: expiresAt(data, 0), accountId: account };
}

export const codexSubscription: SubscriptionDef = {
  ...catalogEntry("openai-codex"),
  async login(io) {
    const { verifier, challenge } = await createPkce();
    const state = await randomState();
    return browserLogin(io, {
      port: PORT,
      path: PATH,
      state,
      registeredRedirect: `http://localhost:${PORT}${PATH}`,
      authorizeUrl: (redirectUri) =>
        authorizeUrl(endpoint(AUTHORIZE_URL), {
          clientId: CLIENT_ID,
          redirectUri,
          scope: "openid profile email offline_access",
          challenge,
          state,
          extra: { id_token_add_organizations: "true", codex_cli_simplified_flow: "true", originator: "pi" },
        }),
      exchange: (code, redirectUri) =>
        tokens("ChatGPT sign-in (token exchange)", {
          grant_type: "authorization_code",
          client_id: CLIENT_ID,
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
        }),
    });
  },
  refresh: (old) => tokens("ChatGPT token refresh", { grant_type: "refresh_token", refresh_token: old.refresh, client_id: CLIENT_ID }, old),
  requestAuth: (c) => {
    const account = typeof c.accountId === "string" ? c.accountId : accountId(c.access);
    const headers: Record<string, string> = account ? { "chatgpt-account-id": account } : {};
    return { apiKey: c.access, headers };
  },
};
