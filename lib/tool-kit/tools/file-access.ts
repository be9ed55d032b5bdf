// Where read, write and edit get and put bytes: pi's pluggable operations (ReadOperations,
// EditOperations, WriteOperations, the seam pi's createXTool factories expose so an extension can
// work over ssh, in a sandbox or in memory). The defaults are the local disk with this toolkit's
// care: only regular files, errors worded for the model, writes that keep links, owner and mode.
// The tool plugins put the "file-system" service in front (ACP: the editor's buffers) when one
// serves the operation now.
import type { FileSystemService } from "../../../contracts/file-system.js";
import { mkdir } from "node:fs/promises";
import { describeFsError, statExistingFile } from "../files/file-checks.js";
import { openRegularFile } from "../files/regular-file.js";
import { writeFileSafely } from "../files/safe-write.js";

/** pi's ReadOperations. */
export interface ReadOperations {
  readFile(absolutePath: string): Promise<Buffer>;
  /** Throws when the file cannot be read. */
  access(absolutePath: string): Promise<void>;
  /** The image type of the file, or null/undefined for anything else. */
  detectImageMimeType?(absolutePath: string): Promise<string | null | undefined>;
}

/** pi's EditOperations. */
export interface EditOperations {
  readFile(absolutePath: string): Promise<Buffer>;
  writeFile(absolutePath: string, content: string): Promise<void>;
  /** Throws when the file cannot be read and written. */
  access(absolutePath: string): Promise<void>;
}

/** pi's WriteOperations. */
export interface WriteOperations {
  writeFile(absolutePath: string, content: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
}

/** Asked on every call: the service may appear, or start serving, after the tools were built. */
export type FileSystemLookup = () => FileSystemService | undefined;

export const localDisk: FileSystemLookup = () => undefined;

export function serving(files: FileSystemLookup, op: "read" | "write"): FileSystemService | undefined {
  const fs = files();
  return fs?.serves(op) ? fs : undefined;
}

/**
 * The local disk as pi's operations, for one call (`signal` stops a long read; `tool` names the
 * tool in messages). Errors keep the fs error's `code` (pi's messages quote it).
 */
export function diskOperations(signal?: AbortSignal, tool = "edit"): EditOperations & WriteOperations & ReadOperations {
  return {
    access: async (path) => void (await statExistingFile(path, tool)),
    readFile: (path) => readRegularFile(path, signal, tool),
    writeFile: (path, content) => writeFileSafely(path, content, signal ?? new AbortController().signal, tool),
    mkdir: async (dir) => void (await mkdir(dir, { recursive: true })),
  };
}

/** The disk behind the "file-system" service when that serves reads or writes now. */
export function serviceOperations(files: FileSystemLookup, signal: AbortSignal, tool: string): EditOperations & WriteOperations {
  const disk = diskOperations(signal, tool);
  const reader = serving(files, "read");
  const writer = serving(files, "write");
  return {
    access: reader ? async () => {} : disk.access,
    readFile: reader ? async (path) => Buffer.from(await reader.readTextFile(path, signal), "utf8") : disk.readFile,
    writeFile: writer ? (path, content) => writer.writeTextFile(path, content, signal) : disk.writeFile,
    // The service creates folders as it writes; the disk's safe write does too.
    mkdir: async () => {},
  };
}

async function readRegularFile(path: string, signal: AbortSignal | undefined, tool: string): Promise<Buffer> {
  const info = await statExistingFile(path, tool);
  const file = await openRegularFile(path, "r", info, tool);
  try {
    return await file.readFile({ signal }).catch((error) => {
      if (signal?.aborted) throw error;
      throw Object.assign(new Error(describeFsError(error, path)), { code: error.code });
    });
  } finally {
    await file.close();
  }
}
