// Loads the MCP SDK's values once each: the client, and apart from it the HTTP transports. A
// built install has them bundled (dist/vendor/mcp-sdk/, made by scripts/bundle-vendor.mjs from
// sdk-entry.ts and sdk-http-entry.ts); running from source (tests, a clone before `npm run
// build`) has no bundle and imports the package itself.
type Sdk = typeof import("./sdk-entry.js");
type SdkHttp = typeof import("./sdk-http-entry.js");

const BUNDLE = new URL("../../vendor/mcp-sdk/", import.meta.url).href;
let client: Promise<Sdk> | undefined;
let http: Promise<SdkHttp> | undefined;

export function loadSdk(): Promise<Sdk> {
  client ??= (import(`${BUNDLE}client.mjs`) as Promise<Sdk>).catch(() => import("./sdk-entry.js"));
  return client;
}

export function loadSdkHttp(): Promise<SdkHttp> {
  http ??= (import(`${BUNDLE}http.mjs`) as Promise<SdkHttp>).catch(() => import("./sdk-http-entry.js"));
  return http;
}
