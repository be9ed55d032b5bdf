// Recognising a built-in plugin reached through another path: a composition file (pi-packages.json,
// `-e`) may name the plugin folders of a pi-kernel checkout through a symlink, or those of a
// checkout while a globally installed copy of it runs. Such a plugin is the running install's own
// built-in, so it is loaded from there (and so from its compiled dist/ copy) instead of a second
// copy through jiti.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { PluginSource } from "../kernel/index.js";
import { packageName } from "../lib/packages/index.js";
import { isInside } from "../lib/path-kit/index.js";

const SCOPE = "@pi-kernel/";

/**
 * The same source at its place under `packageRoot` when it is one of the install's files: by real
 * path, or by package name `@pi-kernel/<name>` matching the install's `plugins/<name>` with the
 * same entry file content (an edited copy stays the user's own plugin). Otherwise unchanged.
 */
export function asBuiltin(source: PluginSource, packageRoot: string): PluginSource {
  if (isInside(packageRoot, source.file)) return source;
  const realRoot = real(packageRoot);
  const realFile = real(source.file);
  if (realRoot && realFile && isInside(realRoot, realFile)) {
    const file = join(packageRoot, relative(realRoot, realFile));
    const root = real(source.root);
    return { ...source, file, root: root && isInside(realRoot, root) ? join(packageRoot, relative(realRoot, root)) : dirname(file) };
  }
  return byPackageName(source, packageRoot) ?? source;
}

function byPackageName(source: PluginSource, packageRoot: string): PluginSource | undefined {
  const name = packageName(source.root);
  if (!name?.startsWith(SCOPE)) return undefined;
  const root = join(packageRoot, "plugins", name.slice(SCOPE.length));
  if (!isInside(join(packageRoot, "plugins"), root) || packageName(root) !== name) return undefined;
  const rel = relative(source.root, source.file);
  const file = join(root, rel);
  if (rel.startsWith("..") || !existsSync(file) || !sameContent(file, source.file)) return undefined;
  return { ...source, file, root };
}

function sameContent(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export { isInside } from "../lib/path-kit/index.js";
