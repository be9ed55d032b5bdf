// Writing a file the model asked for without damaging what is there.
//
// A new file is created atomically: written to a temp file in the same directory, then linked
// into place (link fails if the name appeared meanwhile; rename is the fallback on file systems
// without hard links), so nobody ever sees it half-written.
//
// An existing file is written in place, through its own inode: truncate, write, fdatasync. A
// rename would swap in a new inode, breaking hard links (the two names would then differ) and
// handing the file to the agent's user and umask (a file owned by someone else becomes root's).
// In place keeps links, owner, mode, ACLs and xattrs. What it loses is atomicity, so the old
// content is copied to a backup file (0600, next to the file, or in the temp dir if that
// directory is not writable) before the file is touched:
//  - a failure before truncating (no space for the backup, abort) leaves the file untouched;
//  - a failure midway (ENOSPC, EIO) copies the backup back into the same inode; this fits,
//    because the backup itself just fit, and the error says the file is unchanged;
//  - if even that fails, or the process dies midway, the backup stays and the error names it.
// The backup is removed once the new content is synced. We chose backup + in place over
// "temp file, then copy into the inode" because the temp copy checks space but cannot undo a
// copy that fails halfway; the backup can. A reader may see the file half-written while the
// write runs (as with pi's own writes); a crash never loses the old content.
//
// Symlinks are written through, and devices, FIFOs and sockets are refused (regular-file.ts).
import { randomBytes } from "../random-bytes.js";
import type { Stats } from "node:fs";
import { type FileHandle, link, lstat, mkdir, open, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describeFsError } from "./fs-errors.js";
import { openRegularFile, refuseNonRegular } from "./regular-file.js";

const CHUNK = 1 << 20;

export async function writeFileSafely(path: string, data: string | Uint8Array, signal?: AbortSignal, tool = "write"): Promise<void> {
  signal?.throwIfAborted();
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const target = await followSymlink(path);
  const info = await statOrUndefined(target);
  if (info === undefined) {
    if (await createFile(target, bytes, signal)) return;
    return writeFileSafely(path, data, signal, tool); // the name appeared meanwhile: write it in place
  }
  if (info.isDirectory()) throw new Error(`${path} is a directory, not a file. Choose a file path inside it.`);
  refuseNonRegular(path === target ? path : `${path} (a symlink to ${target})`, info, tool);
  await overwriteInPlace(target, info, bytes, tool, signal);
}

/** pi-kernel's earlier name for writeFileSafely: an existing file is now written in place. */
export const writeFileAtomic = writeFileSafely;

/** Creates a file that did not exist; false if one appeared at that name in the meantime. */
async function createFile(target: string, bytes: Uint8Array, signal?: AbortSignal): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  const temp = siblingName(target, "tmp");
  try {
    await writeFile(temp, bytes, { flag: "wx", signal });
    signal?.throwIfAborted();
    try {
      await link(temp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A dangling symlink at the name is replaced, as before; any other new file is written in place.
      if (code === "EEXIST" && !(await lstat(target)).isSymbolicLink()) return false;
      if (code === "EEXIST") await rename(temp, target);
      else {
        if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EMLINK") throw error;
        await rename(temp, target); // no hard links on this file system
      }
    }
    return true;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function overwriteInPlace(target: string, info: Stats, bytes: Uint8Array, tool: string, signal?: AbortSignal): Promise<void> {
  const file = await openRegularFile(target, "r+", info, tool);
  try {
    const backup = info.size > 0 ? await backUp(file, target, signal) : undefined;
    try {
      signal?.throwIfAborted();
    } catch (error) {
      if (backup) await dropBackup(backup);
      throw error;
    }
    try {
      await file.truncate(0);
      await writeAll(file, bytes);
      await file.datasync();
    } catch (error) {
      throw await restore(file, target, backup, error);
    }
    if (backup) await dropBackup(backup);
  } finally {
    await file.close();
  }
}

interface Backup {
  path: string;
  handle: FileHandle;
}

/** Copies the file's current content to a fresh 0600 file; the target is not touched. */
async function backUp(file: FileHandle, target: string, signal?: AbortSignal): Promise<Backup> {
  let path = siblingName(target, "pi-backup");
  let handle = await open(path, "wx+", 0o600).catch(() => undefined);
  if (!handle) {
    path = join(tmpdir(), basename(siblingName(target, "pi-backup")));
    handle = await open(path, "wx+", 0o600).catch((error) => {
      throw new Error(`Could not back up ${target} before writing it, so it was left unchanged: ${describeFsError(error, path)}`);
    });
  }
  const backup = { path, handle };
  try {
    await copyContent(file, handle, signal);
    await handle.datasync();
    return backup;
  } catch (error) {
    await dropBackup(backup);
    if (signal?.aborted) throw error;
    throw new Error(`Could not back up ${target} before writing it, so it was left unchanged: ${(error as Error).message}`);
  }
}

/** After a failed in-place write: the backup's content back into the same inode. */
async function restore(file: FileHandle, target: string, backup: Backup | undefined, cause: unknown): Promise<Error> {
  const why = (cause as Error).message;
  try {
    await file.truncate(0);
    if (backup) await copyContent(backup.handle, file);
    await file.datasync();
  } catch (again) {
    if (backup) await backup.handle.close().catch(() => {});
    const saved = backup ? ` Its previous content is saved in ${backup.path}.` : " It was empty before.";
    return new Error(`Writing ${target} failed (${why}) and restoring it failed too (${(again as Error).message}).${saved}`);
  }
  if (backup) await dropBackup(backup);
  return new Error(`Writing ${target} failed (${why}); it was restored and is unchanged.`);
}

async function dropBackup(backup: Backup): Promise<void> {
  await backup.handle.close().catch(() => {});
  await unlink(backup.path).catch(() => {});
}

async function copyContent(from: FileHandle, to: FileHandle, signal?: AbortSignal): Promise<void> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (let position = 0; ; ) {
    signal?.throwIfAborted();
    const { bytesRead } = await from.read(buffer, 0, CHUNK, position);
    if (bytesRead === 0) return;
    await writeAll(to, buffer.subarray(0, bytesRead), position);
    position += bytesRead;
  }
}

async function writeAll(file: FileHandle, bytes: Uint8Array, at = 0): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, at + done);
    done += bytesWritten;
  }
}

function siblingName(target: string, suffix: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.${suffix}`);
}

async function followSymlink(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path; // does not exist yet (or a dangling link): write the path itself
  }
}

async function statOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(describeFsError(error, path));
  }
}
