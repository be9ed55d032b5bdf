// The "file-system" service: text files read and written through someone other than the local
// disk. mode-acp provides it when the ACP client offers `fs`, so the file tools see the editor's
// unsaved buffers and the editor sees their edits. tools-core's read, write and edit ask for it on
// every call; without a provider, or when it does not serve an operation now, they use the disk.

export interface FileSystemService {
  /** Whether reads (or writes) of text files go through this service now. */
  serves(op: "read" | "write"): boolean;
  /** The file's whole text (absolute path); rejects with a message naming the file when it cannot. */
  readTextFile(path: string, signal: AbortSignal): Promise<string>;
  /** Replaces (or creates) the file's text (absolute path). */
  writeTextFile(path: string, content: string, signal: AbortSignal): Promise<void>;
}

declare module "pi-kernel" {
  interface Services {
    "file-system": FileSystemService;
  }
}
