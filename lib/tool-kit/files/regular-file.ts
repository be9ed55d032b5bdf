// Only regular files are read or written by the file tools. A FIFO would block the read (and with
// it a thread of Node's pool, which then keeps even process.exit from finishing), and writing a
// device, socket or FIFO either has side effects or replaces it with a plain file. So: stat first
// and refuse anything else by name, then open without blocking (O_NONBLOCK: a FIFO swapped in
// after the stat opens at once or fails instead of waiting) and check that the opened file is the
// regular file that was stat'ed.
import { constants, type Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { describeFsError, quote } from "./fs-errors.js";

/** What a non-regular file is, in words, or undefined for a regular file. */
export function nonRegularKind(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}

/** Throws the error the model sees when a tool is pointed at a device, FIFO or socket. */
export function refuseNonRegular(path: string, info: Stats, tool: string): void {
  const kind = nonRegularKind(info);
  if (kind === undefined) return;
  const hint = info.isFIFO()
    ? `reading it would wait for a writer forever. If you really mean it, use bash with a timeout (e.g. \`timeout 5 cat ${quote(path)}\`).`
    : `${tool} only works on regular files and will not replace or write into it. Use bash if you really mean to use it.`;
  throw new Error(`${path} is ${kind}, not a regular file: ${hint}`);
}

/**
 * Opens a file already stat'ed as regular (`expected`), for reading ("r") or for writing in place
 * ("r+", never truncating on open). Refuses if what was opened is not that same regular file.
 */
export async function openRegularFile(path: string, mode: "r" | "r+", expected: Stats, tool: string): Promise<FileHandle> {
  const flags = (mode === "r" ? constants.O_RDONLY : constants.O_RDWR) | constants.O_NONBLOCK | constants.O_NOCTTY;
  const handle = await open(path, flags).catch((error) => {
    throw new Error(describeFsError(error, path));
  });
  try {
    const info = await handle.stat();
    refuseNonRegular(path, info, tool);
    if (info.ino !== expected.ino || info.dev !== expected.dev) {
      throw new Error(`${path} was replaced while ${tool} was opening it. Try again.`);
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
