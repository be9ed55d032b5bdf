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

// The MCP SDK's client side, for the mcp plugin: the client (plugins/mcp/sdk-entry.ts: ~300
// modules with its schema library, ~135 ms to import; bundled ~35 ms) and, apart, the HTTP
// transports (sdk-http-entry.ts), into dist/vendor/mcp-sdk/ with their shared chunk. The client's
// default output-schema validator (the SDK's ajv provider, which loads ajv) is replaced by the
// plugin's lazy one (plugins/mcp/output-validator.ts), which loads that provider on first use.
const mcp = join(root, "plugins", "mcp");
const lazyValidator = "\0mcp-lazy-output-validator";
await build({
  input: { client: join(mcp, "sdk-entry.ts"), http: join(mcp, "sdk-http-entry.ts") },
  platform: "node",
  logLevel: "warn",
  plugins: [
    {
      name: "mcp-lazy-output-validator",
      resolveId: (id, importer) =>
        id.endsWith("/validation/ajv-provider.js") && importer?.includes("@modelcontextprotocol") ? lazyValidator : undefined,
      load: (id) =>
        id === lazyValidator
          ? `export { LazyOutputValidator as AjvJsonSchemaValidator } from ${JSON.stringify(join(mcp, "output-validator.ts"))};`
          : undefined,
    },
  ],
  output: {
    dir: join(root, "dist", "vendor", "mcp-sdk"),
    format: "esm",
    entryFileNames: "[name].mjs",
    chunkFileNames: "[name]-[hash].mjs",
  },
});
