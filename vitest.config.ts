import { availableParallelism } from "node:os";
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
    // vitest's default is one worker less than the CPUs: a single worker on CI's 2 cores, so the
    // files ran one after another while most of them wait on processes they spawned (the CLI, the
    // simulator, git, tmux). One worker per CPU, at least two, keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
