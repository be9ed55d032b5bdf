// Built-in plugin modules that are already in memory: the start-up image (scripts/bundle-image.mjs)
// holds the CLI and every built-in plugin in one code-cached file, and hands its plugin modules
// over here before the CLI runs. The kernel's loader asks for a compiled built-in here first, so
// the image's copy is the one used (a native import would load a second copy of the kernel and the
// shared modules from dist/).
import { relative, sep } from "node:path";

const inMemory = new Map<string, unknown>();

/** `modules`: dist-relative path ("plugins/x/index.js") -> the module's namespace. */
export function provideCompiled(modules: Record<string, unknown>): void {
  for (const [path, mod] of Object.entries(modules)) inMemory.set(path, mod);
}

/** The in-memory module for a compiled file under `<packageRoot>/dist`, if the image holds it. */
export function compiledModule(file: string, packageRoot: string): unknown {
  if (inMemory.size === 0) return undefined;
  return inMemory.get(relative(`${packageRoot}${sep}dist`, file).split(sep).join("/"));
}

/** A dist/ path's copy in the start-up image: `<root>/dist/plugins/x` -> `<root>/dist/image/plugins/x`. */
export function imageCopy(path: string): string {
  const at = path.lastIndexOf(`${sep}dist${sep}`);
  return at < 0 ? path : `${path.slice(0, at)}${sep}dist${sep}image${path.slice(at + sep.length + 4)}`;
}
