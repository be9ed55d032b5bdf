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
