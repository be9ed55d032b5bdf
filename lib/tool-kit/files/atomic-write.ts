// Writing a file so that a crash or a concurrent reader never sees it half-written: write a temp
// file in the same directory (same filesystem, so rename is atomic), then rename it over the
// target. The existing file's permission bits are kept, and a symlink is written through rather
// than replaced by a regular file.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export async function writeFileAtomic(path: string, data: string | Uint8Array, signal?: AbortSignal): Promise<void> {
  const target = await followSymlink(path);
  const mode = await existingMode(target);
  await mkdir(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, data, { flag: "wx", signal });
    // chmod after creation: the mode given to open() would be reduced by the umask.
    if (mode !== undefined) await chmod(temp, mode);
    signal?.throwIfAborted();
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

async function followSymlink(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path; // does not exist yet (or a dangling link): write the path itself
  }
}

async function existingMode(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error(`${path} is a directory, not a file. Choose a file path inside it.`);
    return info.mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
