// The "file-system" service in ACP mode: when the client offers fs, read, write and edit go
// through fs/read_text_file and fs/write_text_file, so the model sees the editor's unsaved
// buffers and the editor sees (and can undo) its edits. Otherwise the tools use the disk.
import type { FileSystemService } from "../../contracts/file-system.js";
import { canonicalPath } from "../../lib/tool-kit/index.js";
import type { AcpState } from "./state.js";

export function clientFileSystem(state: AcpState): FileSystemService {
  const failed = (what: string, path: string, error: unknown) =>
    new Error(`Could not ${what} ${path} through the editor: ${(error as Error).message ?? String(error)}`);
  return {
    serves: (op) => state.offersFs(op) && state.sessionId !== undefined,
    // The editor gets the file the permission gate judged: one meaning of a path (idempotent for the tools' canonical paths).
    async readTextFile(given, signal) {
      const path = canonicalPath("/", given);
      const sessionId = state.requireSession("read");
      try {
        const response = await state.client!.request(
          "fs/read_text_file",
          { sessionId, path },
          { cancellationSignal: signal, stopWaitingOnCancel: true },
        );
        return response.content;
      } catch (error) {
        signal.throwIfAborted();
        throw failed("read", path, error);
      }
    },
    async writeTextFile(given, content, signal) {
      const path = canonicalPath("/", given);
      const sessionId = state.requireSession("write");
      try {
        await state.client!.request(
          "fs/write_text_file",
          { sessionId, path, content },
          { cancellationSignal: signal, stopWaitingOnCancel: true },
        );
      } catch (error) {
        signal.throwIfAborted();
        throw failed("write", path, error);
      }
    },
  };
}
