// pi-kernel's own version, read from its package.json (found by walking up from this file, from the
// sources or the compiled dist/ alike): what ACP's initialize and a trajectory's `agent` report.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

export function ownVersion(): string {
  return (cached ??= find() ?? "unknown");
}

function find(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string }) : undefined;
    if (manifest?.name === "pi-kernel") return manifest.version;
    if (dirname(dir) === dir) return undefined;
  }
}
