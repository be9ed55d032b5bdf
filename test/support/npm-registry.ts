// Whether the npm registry answers (tests that install real packages skip, saying so, without it),
// and the environment a process that reaches it needs.
import { execFile } from "node:child_process";

let cached: Promise<boolean> | undefined;

/**
 * NODE_EXTRA_CA_CERTS for a process that goes to the network: vitest.config.ts takes it out of the
 * suite's environment (every Node process parses it at start, and all but these talk to loopback
 * servers) and keeps it in PI_TEST_EXTRA_CA_CERTS for them.
 */
export function registryEnv(): Record<string, string> {
  const ca = process.env.PI_TEST_EXTRA_CA_CERTS;
  return ca ? { NODE_EXTRA_CA_CERTS: ca } : {};
}

export function registryReachable(): Promise<boolean> {
  cached ??= new Promise((resolve) => {
    const env = { ...process.env, ...registryEnv() };
    execFile("npm", ["view", "pi-aliases@1.0.7", "version"], { timeout: 20_000, env }, (error, stdout) =>
      resolve(!error && stdout.trim() === "1.0.7"),
    );
  });
  return cached;
}
