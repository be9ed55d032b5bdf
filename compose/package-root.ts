// The pi-kernel install root (where package.json and pi-packages.json live), found by walking up
// from this file: the same answer from the compiled dist/ and from the TypeScript sources.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;
/** The root manifest's version, read with it (the CLI asks for it twice per run). */
let version: string | undefined;

export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    const parsed = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string }) : undefined;
    if (parsed?.name === "pi-kernel") {
      version = parsed.version;
      return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("pi-kernel: cannot find its own package.json");
    dir = parent;
  }
}

/** pi-kernel's version, from the package.json `packageRoot()` found. */
export function packageVersion(): string {
  packageRoot();
  return version ?? "";
}
