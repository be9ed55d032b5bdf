// Glob matching over a package's files, for manifests (manifest.ts) and filters (filter.ts):
// the matcher, with picomatch loaded on first use (most packages list plain paths, and composing
// the agent is on the start-up path), and the package-relative paths globs are matched against.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";

type Picomatch = (glob: string) => (path: string) => boolean;
let picomatch: Picomatch | undefined;

export function matcher(glob: string): (path: string) => boolean {
  picomatch ??= createRequire(import.meta.url)("picomatch") as Picomatch;
  return picomatch(glob);
}

export function isGlob(pattern: string): boolean {
  return /[*?[\]{}()]/.test(pattern);
}

/** Every file and folder under `dir` (package-relative, `/`-separated), minus node_modules and dot entries. */
export function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(path, ...listFiles(dir, path));
    else out.push(path);
  }
  return out;
}

/** `file` relative to the package, `/`-separated as globs expect. */
export function rel(dir: string, file: string): string {
  return relative(dir, file).split(sep).join("/");
}

/** A pattern without its leading `./`. */
export function clean(p: string): string {
  return p.replace(/^\.\//, "");
}
