// The ls tool: one directory's entries, case-insensitively sorted, dotfiles included, "/" after
// directories (symlinks to directories count as directories, as with pi's stat).
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { defineTool, type Static, type ToolResult, Type } from "pi-kernel";
import { canonicalPath } from "../files/canonical-path.js";
import { MAX_BYTES } from "../output/limits.js";
import { bytesNotice, headBytes, withNotices } from "./output.js";

const DEFAULT_LIMIT = 500;

const parameters = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: `Maximum number of entries to return (default: ${DEFAULT_LIMIT})` })),
});

export interface LsDetails {
  entryLimitReached?: number;
  truncated?: boolean;
}

export const lsTool = defineTool<typeof parameters, LsDetails>({
  name: "ls",
  label: "ls",
  effect: "read",
  paths: (params) => [params.path || "."],
  description:
    `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. ` +
    `Output is truncated to ${DEFAULT_LIMIT} entries or ${MAX_BYTES / 1024}KB (whichever is hit first).`,
  promptSnippet: "List directory contents",
  defaultActive: false,
  parameters,
  execute: (_id, params, signal, _onUpdate, ctx) => listPath(ctx.cwd, params, signal),
});

/** pi's LsOperations: whether a path exists, what it is (throws when missing), a folder's names. */
export interface LsOperations {
  exists(absolutePath: string): Promise<boolean> | boolean;
  stat(absolutePath: string): Promise<{ isDirectory(): boolean }> | { isDirectory(): boolean };
  readdir(absolutePath: string): Promise<string[]> | string[];
}

const disk: LsOperations = {
  exists: (path) =>
    stat(path).then(
      () => true,
      () => false,
    ),
  stat: (path) => stat(path),
  readdir: (path) => readdir(path),
};

/** One listing, the one implementation behind the ls tool and pi-compat's createLsTool, through `ops` (default the disk). */
export async function listPath(
  cwd: string,
  params: Static<typeof parameters>,
  signal: AbortSignal,
  ops: LsOperations = disk,
): Promise<ToolResult<LsDetails>> {
  if (signal.aborted) throw new Error("Operation aborted");
  const dir = canonicalPath(cwd, params.path || ".");
  if (!(await ops.exists(dir))) throw new Error(`Path not found: ${dir}`);
  if (!(await ops.stat(dir)).isDirectory()) throw new Error(`Not a directory: ${dir}`);
  const names = [
    ...(await Promise.resolve()
      .then(() => ops.readdir(dir))
      .catch((error: Error) => {
        throw new Error(`Cannot read directory: ${error.message}`);
      })),
  ];
  names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT));
  const entries: string[] = [];
  let limitReached = false;
  for (const name of names) {
    if (entries.length >= limit) {
      limitReached = true;
      break;
    }
    const entry = await Promise.resolve()
      .then(() => ops.stat(join(dir, name)))
      .catch(() => undefined);
    if (!entry) continue; // a dangling symlink or a file removed meanwhile: pi skips it too
    entries.push(entry.isDirectory() ? `${name}/` : name);
  }
  if (entries.length === 0) return { content: [{ type: "text", text: "(empty directory)" }] };
  const bounded = headBytes(entries);
  const details: LsDetails = {};
  const notices: string[] = [];
  if (limitReached) {
    notices.push(`${limit} entries limit reached. Use limit=${limit * 2} for more`);
    details.entryLimitReached = limit;
  }
  if (bounded.truncated) {
    notices.push(bytesNotice());
    details.truncated = true;
  }
  return { content: [{ type: "text", text: withNotices(bounded.text, notices) }], details };
}
