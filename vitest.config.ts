import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import LongFirstSequencer from "./test/support/long-first-sequencer.ts";

// Every Node process parses NODE_EXTRA_CA_CERTS when it starts (~95 ms where it names a system
// bundle), and the suite starts well over a thousand (its workers, the CLI, MCP servers, hooks'
// `node -e`), all talking to loopback servers. Taken out here, before vitest forks its workers, so
// none of them or their children pays it; the tests that reach the npm registry put it back
// (test/support/npm-registry.ts: registryEnv).
const extraCa = process.env.NODE_EXTRA_CA_CERTS;
if (extraCa) {
  process.env.PI_TEST_EXTRA_CA_CERTS = extraCa;
  delete process.env.NODE_EXTRA_CA_CERTS;
}

/** Tests that install third-party packages from npm: `npm run test:network`, not `npm test`. */
const NETWORK = ["test/integration/packages-npm.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      // Plugins import the kernel as "pi-kernel"; in tests that is the TypeScript source.
      "pi-kernel": fileURLToPath(new URL("./kernel/index.ts", import.meta.url)),
      // In tests the kernel's "#typebox" is the package itself (dist/vendor is a build output).
      "#typebox": "@sinclair/typebox",
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.PI_TEST_NETWORK ? [] : NETWORK)],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // A worker runs file after file instead of a fresh process per file: its start (~0.27 CPU-s)
    // and the import of the kernel, plugins and toolkits (~0.35 CPU-s a file) are paid once per
    // worker, not 244 times (the workers' own CPU 300 -> 160 CPU-s). A file must leave the process as
    // it found it; restore-process.ts puts back the environment (in place: a new object for
    // process.env never reaches the real environment), the working directory and the exit code.
    isolate: false,
    // PI_TEST_CPU_LOG=<file>: one line of CPU per test file (test/support/cpu-per-file.ts).
    setupFiles: ["./test/support/restore-process.ts", ...(process.env.PI_TEST_CPU_LOG ? ["./test/support/cpu-per-file.ts"] : [])],
    // vitest's default is one worker less than the CPUs: a single worker on CI's 2 cores, so the
    // files ran one after another while most of them wait on processes they spawned (the CLI, the
    // simulator, git, tmux). One worker per CPU, at least two, keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongFirstSequencer },
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
