// Loads the MCP SDK's values once each: the client, and apart from it the HTTP transports. A
// built install has them bundled (dist/vendor/mcp-sdk/, made by scripts/bundle-vendor.mjs from
// sdk-entry.ts and sdk-http-entry.ts); running from source (tests, a clone before `npm run
// build`) has no bundle and imports the package itself.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Sdk = typeof import("./sdk-entry.js");
type SdkHttp = typeof import("./sdk-http-entry.js");

let client: Promise<Sdk> | undefined;
let http: Promise<SdkHttp> | undefined;

export function loadSdk(): Promise<Sdk> {
  client ??= (import(bundled("client.mjs")) as Promise<Sdk>).catch(() => import("./sdk-entry.js"));
  return client;
}

export function loadSdkHttp(): Promise<SdkHttp> {
  http ??= (import(bundled("http.mjs")) as Promise<SdkHttp>).catch(() => import("./sdk-http-entry.js"));
  return http;
}

/** dist/vendor/mcp-sdk/<file>: the nearest above this module (dist/plugins/mcp/, or dist/image/plugins/mcp/ in the start-up image). */
function bundled(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    const vendor = join(dir, "vendor", "mcp-sdk");
    if (existsSync(vendor)) return pathToFileURL(join(vendor, file)).href;
  }
  return pathToFileURL(join(here, "missing-vendor-bundle", file)).href;
}
