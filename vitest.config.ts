import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Plugins import the kernel as "pi-kernel"; in tests that is the TypeScript source.
    alias: {
      "pi-kernel": fileURLToPath(new URL("./kernel/index.ts", import.meta.url)),
      // In tests the kernel's "#typebox" is the package itself (dist/vendor is a build output).
      "#typebox": "@sinclair/typebox",
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
