// The write tool: create a file (atomically, creating parent directories) or overwrite one in place,
// keeping its links, owner and mode; devices, FIFOs and sockets are refused (tool-kit's safe write).
// Writes go through the per-file mutation queue it is built with (the "file-mutations" service),
// and through the "file-system" service when one serves writes (file-access.ts). `writePath` is
// the one implementation of a write: pi-compat's createWriteTool runs it over pi's WriteOperations.
import { dirname } from "node:path";
import { defineTool, Type } from "pi-kernel";
import type { FileMutationsService } from "../../mutation-kit/index.js";
import { canonicalPath } from "../files/canonical-path.js";
import { type FileSystemLookup, localDisk, serviceOperations, type WriteOperations } from "./file-access.js";

const parameters = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "The complete content to write to the file" }),
});

export const createWriteTool = (mutations: FileMutationsService, files: FileSystemLookup = localDisk) =>
  defineTool({
    name: "write",
    label: "Write",
    effect: "edit",
    paths: (params) => [params.path],
    description:
      "Write content to a file. Creates the file if it does not exist and overwrites it if it does; parent " +
      "directories are created as needed. Prefer edit for changing part of an existing file.",
    promptSnippet: "write: Create or overwrite a file with the given content",
    parameters,
    async execute(_id, params, signal, _onUpdate, ctx) {
      signal.throwIfAborted();
      const path = canonicalPath(ctx.cwd, params.path);
      const bytes = Buffer.byteLength(params.content, "utf8");
      await mutations.run(path, () => writePath(serviceOperations(files, signal, "write"), path, params.content, signal));
      return { content: [{ type: "text", text: `Successfully wrote ${bytes} bytes to ${path}` }] };
    },
  });

/** Writes `content` to (absolute) `path` through `ops`, parent folders first; aborts are seen between steps. */
export async function writePath(ops: WriteOperations, path: string, content: string, signal?: AbortSignal): Promise<void> {
  const aborted = () => {
    if (signal?.aborted) throw new Error("Operation aborted");
  };
  aborted();
  await ops.mkdir(dirname(path));
  aborted();
  await ops.writeFile(path, content);
}
