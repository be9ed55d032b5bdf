// Claude Pro/Max: authorization code + PKCE through claude.ai, tokens from Anthropic's console.
// The access token (sk-ant-oat…) goes where an API key would; provider-anthropic recognises it
// and sends it as a bearer token with Claude Code's identity (headers and system prompt), as pi does.
import { endpoint } from "../endpoints.js";
import { OAuthHttpError, expiresAt, field, requestJson } from "../http.js";
import { authorizeUrl, createPkce } from "../pkce.js";
import { catalogEntry } from "../catalog.js";
import { type Credentials, type SubscriptionDef, browserLogin } from "../subscription.js";

// Anthropic's public OAuth client id for Claude Code (the one pi signs in with).
const CLIENT_ID = "9d1c250a-e61b-44d9-88ed-5944d1962f5e";
const AUTHORIZE_URL = "https://claude.ai/oauth/authorize";
const TOKEN_URL = "https://platform.claude.com/v1/oauth/token";
const PORT = 53692;
const PATH = "/callback";
const SCOPES = "org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload";
const MARGIN_MS = 5 * 60_000;

function credentials(data: Record<string, unknown>, step: string): Credentials {
  return {
    type: "oauth",
    access: field(data, "access_token", step),
    refresh: field(data, "refresh_token", step),
    expires: expiresAt(data, MARGIN_MS),
  };
}

export const anthropicSubscription: SubscriptionDef = {
  ...catalogEntry("anthropic"),
  async login(io) {
    const { verifier, challenge } = await createPkce();
    // pi sends the verifier as the state too; the token endpoint expects that state back.
    const state = verifier;
    return browserLogin(io, {
      port: PORT,
      path: PATH,
      state,
      registeredRedirect: `http://localhost:${PORT}${PATH}`,
      authorizeUrl: (redirectUri) =>
        authorizeUrl(endpoint(AUTHORIZE_URL), {
          clientId: CLIENT_ID,
          redirectUri,
          scope: SCOPES,
          challenge,
          state,
          extra: { code: "true" },
        }),
      exchange: async (code, redirectUri) => {
        const step = "Claude sign-in (token exchange)";
        const body = {
          grant_type: "authorization_code",
          client_id: CLIENT_ID,
          code,
          state,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        };
        return credentials(await requestJson(step, endpoint(TOKEN_URL), { body: { json: body } }), step);
      },
    });
  },
  async refresh(old) {
    const step = "Claude token refresh";
    const body = { grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: old.refresh };
    const data = await requestJson(step, endpoint(TOKEN_URL), { body: { json: body } });
    if (typeof data.refresh_token !== "string") throw new OAuthHttpError(`${step}: the answer has no "refresh_token"`);
    return { ...old, ...credentials(data, step) };
  },
  requestAuth: (c) => ({ apiKey: c.access }),
};
