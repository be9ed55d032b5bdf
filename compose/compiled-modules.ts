// Built-in plugin modules from the start-up image (scripts/bundle-image.mjs), which holds the CLI
// and every built-in plugin as code-cached CommonJS and hands over here, before the CLI runs, how
// to load each plugin module from it. The kernel's loader asks here first for a compiled built-in,
// so the image's copy is the one used (a native import would load a second copy of the kernel and
// the shared modules from dist/); a plugin this run leaves out is never loaded.
import { sep } from "node:path";
import { relativeInside } from "../lib/path-kit/index.js";

const inImage = new Map<string, () => Promise<unknown>>();

/** `modules`: dist-relative path ("plugins/x/index.js") -> loads the module from the image. */
export function provideCompiled(modules: Record<string, () => Promise<unknown>>): void {
  for (const [path, load] of Object.entries(modules)) inImage.set(path, load);
}

/** The image's module for a compiled file under `<packageRoot>/dist`, if the image holds it. */
export function compiledModule(file: string, packageRoot: string): Promise<unknown> | undefined {
  if (inImage.size === 0) return undefined;
  const rel = relativeInside(`${packageRoot}${sep}dist`, file);
  return rel === undefined ? undefined : inImage.get(rel.split(sep).join("/"))?.();
}

/** Whether the image holds the compiled file `<packageRoot>/dist/<rel>` (then it need not be looked for on disk). */
export function inImageCopy(file: string, packageRoot: string): boolean {
  if (inImage.size === 0) return false;
  const rel = relativeInside(`${packageRoot}${sep}dist`, file);
  return rel !== undefined && inImage.has(rel.split(sep).join("/"));
}

/** A dist/ path's copy in the start-up image: `<root>/dist/plugins/x` -> `<root>/dist/image/plugins/x`. */
export function imageCopy(path: string): string {
  const at = path.lastIndexOf(`${sep}dist${sep}`);
  return at < 0 ? path : `${path.slice(0, at)}${sep}dist${sep}image${path.slice(at + sep.length + 4)}`;
}
