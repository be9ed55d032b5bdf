// A package's package.json as composing an agent reads it. One discovery asks for the same file
// five times (its resources, its name for identity and for `exclude`, its extensions, its
// `pi-kernel` manifest), for every one of ~36 packages: ~3 ms of each start. Each file is parsed once
// per process and read again only when it changed (inode, size or mtime), so a long-lived session
// that reloads after an edit sees the new file.
import { readFileSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";

type PackageJson = Readonly<Record<string, unknown>>;

const parsed = new Map<string, { stamp: string; json: PackageJson }>();

/**
 * `<dir>/package.json` parsed (shared: callers must not change it), or undefined when there is
 * none. JSON that is not an object reads as `{}`; a file that is not JSON throws, naming the file.
 */
export function readPackageJson(dir: string): PackageJson | undefined {
  const file = join(dir, "package.json");
  const stat = statOf(file);
  if (!stat?.isFile()) {
    parsed.delete(file);
    return undefined;
  }
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const hit = parsed.get(file);
  if (hit?.stamp === stamp) return hit.json;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const json = value && typeof value === "object" && !Array.isArray(value) ? (value as PackageJson) : {};
  parsed.set(file, { stamp, json });
  return json;
}

/** The file's stat, or undefined when there is no such file (a `dir` that is itself a file included). */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}
