// Loads the MCP SDK's values once. A built install has them bundled into one file
// (dist/vendor/mcp-sdk.mjs, made by scripts/bundle-vendor.mjs from sdk-entry.ts); running from
// source (tests, a clone before `npm run build`) has no bundle and imports the package itself.
type Sdk = typeof import("./sdk-entry.js");

const BUNDLE = new URL("../../vendor/mcp-sdk.mjs", import.meta.url).href;
let loading: Promise<Sdk> | undefined;

export function loadSdk(): Promise<Sdk> {
  loading ??= (import(BUNDLE) as Promise<Sdk>).catch(() => import("./sdk-entry.js"));
  return loading;
}
