// Whether the npm registry answers (tests that install real packages skip, saying so, without it).
import { execFile } from "node:child_process";

let cached: Promise<boolean> | undefined;

export function registryReachable(): Promise<boolean> {
  cached ??= new Promise((resolve) => {
    execFile("npm", ["view", "pi-aliases@1.0.7", "version"], { timeout: 20_000 }, (error, stdout) =>
      resolve(!error && stdout.trim() === "1.0.7"),
    );
  });
  return cached;
}
