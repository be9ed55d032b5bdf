// The checks read and edit share before touching a file, with errors worded so the model knows
// what to do next rather than seeing a bare ENOENT/EISDIR.
import { readFile, stat } from "node:fs/promises";
import type { Stats } from "node:fs";

export async function statExistingFile(path: string): Promise<Stats> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    throw new Error(describeFsError(error, path));
  }
  if (info.isDirectory()) {
    throw new Error(`${path} is a directory, not a file. To see what it contains, use ls or bash (e.g. \`ls -la ${quote(path)}\`).`);
  }
  return info;
}

export function describeFsError(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT")
    return `File not found: ${path}. Check the path (relative paths resolve against the working directory), e.g. with ls or find.`;
  if (code === "EACCES" || code === "EPERM") return `Permission denied: ${path}.`;
  if (code === "ENOTDIR") return `Not a valid path: a component of ${path} is a file, not a directory.`;
  return `Cannot access ${path}: ${(error as Error).message}`;
}

/** Single-quotes a path for a shell command the model may copy. */
export function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** Refuses files that are not UTF-8: re-encoding them would corrupt bytes outside the edit. */
export function decodeUtf8(raw: Buffer, path: string, tool: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    throw new Error(`${path} is not valid UTF-8 text, so ${tool} cannot change it safely. Use bash (e.g. sed or perl) instead.`);
  }
}

/** An existing file's text, for a tool about to change it: clear errors, UTF-8 only, BOM kept. */
export async function readUtf8File(path: string, signal: AbortSignal, tool: string): Promise<string> {
  await statExistingFile(path);
  const raw = await readFile(path, { signal }).catch((error) => {
    throw new Error(describeFsError(error, path));
  });
  return decodeUtf8(raw, path, tool);
}
