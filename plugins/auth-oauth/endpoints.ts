// Where the sign-in flows send their requests. Always the providers' real addresses, except in
// this project's own tests, which point every flow at a loopback authorization server.
//
// The override is deliberately narrow, because whoever controls these addresses receives the
// tokens: it is read only from the environment (never from settings.json, models.json or anything
// a repository can ship), only when a test runner marks the process (VITEST or NODE_ENV=test),
// and only for a loopback http:// address, so tokens can never be redirected off the machine.
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The loopback server's origin when this process runs under the test override, else undefined. */
export function testServer(): string | undefined {
  const value = process.env.PI_KERNEL_TEST_OAUTH_SERVER;
  if (!value || !(process.env.VITEST || process.env.NODE_ENV === "test")) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" && LOOPBACK.has(url.hostname) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A provider's address, or its stand-in on the test server: `https://claude.ai/oauth/authorize`
 * becomes `<test server>/claude.ai/oauth/authorize` (the host is kept in the path, so one loopback
 * server plays every provider).
 */
export function endpoint(real: string): string {
  const base = testServer();
  if (!base) return real;
  const url = new URL(real);
  return `${base}/${url.host}${url.pathname}${url.search}`;
}

/** The loopback callback's port: the provider's registered one, or any free port under tests. */
export function callbackPort(registered: number): number {
  return testServer() ? 0 : registered;
}
