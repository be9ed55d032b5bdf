// pi-kernel's own skills/ and prompts/ (next to themes/ at the package root), and the built web
// page (dist/web, which the web UI serves), found by walking up
// from this file to the package.json named pi-kernel: the same answer from the TypeScript
// sources, from dist/ and from the start-up image's chunks.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | null | undefined;

/** The package's `kind` folder, or undefined when this copy has none (an embedder's bundle). */
export function builtinResourceDir(kind: "skills" | "prompts" | "dist/web"): string | undefined {
  const base = installRoot();
  const dir = base ? join(base, kind) : undefined;
  return dir && existsSync(dir) ? dir : undefined;
}

/** The pi-kernel package this copy runs from, or undefined (an embedder's bundle). */
export function installRoot(): string | undefined {
  root ??= findRoot(dirname(fileURLToPath(import.meta.url)));
  return root ?? undefined;
}

function findRoot(start: string): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown }).name === "pi-kernel") return dir;
    } catch {
      // no (readable) package.json here: go on up
    }
    if (dirname(dir) === dir) return null;
  }
}
