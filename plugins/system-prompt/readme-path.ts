// Where pi-kernel's README is, for the prompt's pointer to the docs: found by walking up from this
// file (source or compiled copy) to the package root.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | null | undefined;

export function readmePath(): string | undefined {
  if (cached === undefined) cached = find() ?? null;
  return cached ?? undefined;
}

function find(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && isPiKernel(manifest) && existsSync(join(dir, "README.md"))) return join(dir, "README.md");
    if (dirname(dir) === dir) return undefined;
  }
}

function isPiKernel(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "pi-kernel";
  } catch {
    return false;
  }
}
