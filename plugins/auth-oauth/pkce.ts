// PKCE (RFC 7636): a random verifier kept here, its SHA-256 challenge sent with the authorization.
// node:crypto is imported when someone signs in, not at start-up (a print run never needs it).

export interface Pkce {
  verifier: string;
  challenge: string;
}

export async function createPkce(): Promise<Pkce> {
  const { createHash, randomBytes } = await import("node:crypto");
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function randomState(): Promise<string> {
  const { randomBytes } = await import("node:crypto");
  return randomBytes(16).toString("hex");
}

/** What every authorization-code request with PKCE carries; `extra` adds a provider's own parameters. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string;
  state: string;
  extra?: Record<string, string>;
}

/** The authorization endpoint's address for one sign-in (response type "code", S256 challenge). */
export function authorizeUrl(endpoint: string, r: AuthorizeRequest): string {
  const params = new URLSearchParams({
    client_id: r.clientId,
    response_type: "code",
    redirect_uri: r.redirectUri,
    scope: r.scope,
    code_challenge: r.challenge,
    code_challenge_method: "S256",
    state: r.state,
    ...r.extra,
  });
  return `${endpoint}?${params}`;
}
