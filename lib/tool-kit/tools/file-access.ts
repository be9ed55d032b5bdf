// Where read, write and edit get and put text: through the "file-system" service when a plugin
// provides one that serves the operation now (ACP: the editor's buffers), else the local disk.
import type { FileSystemService } from "../../../contracts/file-system.js";
import { readUtf8File } from "../files/file-checks.js";
import { writeFileSafely } from "../files/safe-write.js";

/** Asked on every call: the service may appear, or start serving, after the tools were built. */
export type FileSystemLookup = () => FileSystemService | undefined;

export const localDisk: FileSystemLookup = () => undefined;

export function serving(files: FileSystemLookup, op: "read" | "write"): FileSystemService | undefined {
  const fs = files();
  return fs?.serves(op) ? fs : undefined;
}

/** An existing file's text, for a tool about to change it. */
export function readTextFile(files: FileSystemLookup, path: string, signal: AbortSignal, tool: string): Promise<string> {
  const remote = serving(files, "read");
  return remote ? remote.readTextFile(path, signal) : readUtf8File(path, signal, tool);
}

export function writeTextFile(files: FileSystemLookup, path: string, text: string, signal: AbortSignal, tool: string): Promise<void> {
  const remote = serving(files, "write");
  return remote ? remote.writeTextFile(path, text, signal) : writeFileSafely(path, text, signal, tool);
}
