// Build step: bundles @sinclair/typebox into one file, dist/vendor/typebox.mjs, which the kernel
// loads through the "#typebox" import alias (package.json "imports"). The package itself is 266
// ESM modules and costs ~115 ms to load on Node 20 (no compile cache); the single file, ~15 ms.
// rolldown does the bundling: a well-kept bundler, already what vitest builds on.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const entry = require.resolve("@sinclair/typebox").replace(/build[\\/]cjs[\\/]index\.js$/, "build/esm/index.mjs");

await build({
  input: entry,
  platform: "node",
  logLevel: "warn",
  output: { file: join(root, "dist", "vendor", "typebox.mjs"), format: "esm" },
});

// The MCP SDK's client side (plugins/mcp/sdk-entry.ts re-exports what the mcp plugin uses): ~300
// modules with its schema library, ~135 ms to import; the mcp plugin loads dist/vendor/mcp-sdk.mjs.
await build({
  input: join(root, "plugins", "mcp", "sdk-entry.ts"),
  platform: "node",
  logLevel: "warn",
  output: { file: join(root, "dist", "vendor", "mcp-sdk.mjs"), format: "esm" },
});
