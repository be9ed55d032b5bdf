// Glob matching for manifests and filters, with picomatch loaded on first use: most packages
// list plain paths, and composing the agent is on the start-up path.
import { createRequire } from "node:module";

type Picomatch = (glob: string) => (path: string) => boolean;
let picomatch: Picomatch | undefined;

export function matcher(glob: string): (path: string) => boolean {
  picomatch ??= createRequire(import.meta.url)("picomatch") as Picomatch;
  return picomatch(glob);
}

export function isGlob(pattern: string): boolean {
  return /[*?[\]{}()]/.test(pattern);
}
