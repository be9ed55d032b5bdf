// The find tool: paths matching a glob (fd when installed, else the built-in walk), relative to
// the searched directory, respecting .gitignore, bounded by a result count and 50 KB.
import { isAbsolute, relative } from "node:path";
import { defineTool, type Static, type ToolResult, Type } from "pi-kernel";
import { canonicalPath } from "../files/canonical-path.js";
import { toPosix } from "../search/posix.js";
import { MAX_BYTES } from "../output/limits.js";
import { fdFor } from "./backend.js";
import { type Found, findWithFd } from "./find-fd.js";
import { byPath, bytesNotice, headBytes, withNotices } from "./output.js";
import { searchPath } from "./search-path.js";

const DEFAULT_LIMIT = 1000;

const parameters = Type.Object({
  pattern: Type.String({ description: "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'" }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: `Maximum number of results (default: ${DEFAULT_LIMIT})` })),
});

export interface FindDetails {
  resultLimitReached?: number;
  truncated?: boolean;
  /** "operations": an extension's own (pi's FindOperations). */
  engine: "fd" | "builtin" | "operations";
}

export const findTool = defineTool<typeof parameters, FindDetails>({
  name: "find",
  label: "find",
  effect: "search",
  paths: (params) => [params.path || "."],
  description:
    `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. ` +
    `Output is truncated to ${DEFAULT_LIMIT} results or ${MAX_BYTES / 1024}KB (whichever is hit first).`,
  promptSnippet: "Find files by glob pattern (respects .gitignore)",
  defaultActive: false,
  parameters,
  execute: (_id, params, signal, _onUpdate, ctx) => findPath(ctx.cwd, params, signal),
});

/** pi's FindOperations: whether a path exists, and the paths (relative or absolute) a glob matches under a folder. */
export interface FindOperations {
  exists(absolutePath: string): Promise<boolean> | boolean;
  glob(pattern: string, cwd: string, options: { ignore: string[]; limit: number }): Promise<string[]> | string[];
}

/**
 * One file search, the one implementation behind the find tool and pi-compat's createFindTool:
 * fd or the built-in walk on the disk, or pi's glob operation when `ops` is given.
 */
export async function findPath(
  cwd: string,
  params: Static<typeof parameters>,
  signal: AbortSignal,
  ops?: FindOperations,
): Promise<ToolResult<FindDetails>> {
  const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT));
  const { found, engine } = ops ? await globThrough(ops, cwd, params, limit, signal) : await findOnDisk(cwd, params, limit, signal);
  if (found.paths.length === 0) return { content: [{ type: "text", text: "No files found matching pattern" }], details: { engine } };
  const bounded = headBytes([...found.paths].sort(byPath));
  const details: FindDetails = { engine };
  const notices: string[] = [];
  if (found.limitReached) {
    notices.push(`${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`);
    details.resultLimitReached = limit;
  }
  if (bounded.truncated) {
    notices.push(bytesNotice());
    details.truncated = true;
  }
  return { content: [{ type: "text", text: withNotices(bounded.text, notices) }], details };
}

async function findOnDisk(cwd: string, params: Static<typeof parameters>, limit: number, signal: AbortSignal) {
  const { root, info } = await searchPath(cwd, params.path, signal);
  if (!info.isDirectory()) throw new Error(`Not a directory: ${root}. find searches a directory; use read for a file.`);
  const fd = fdFor(root);
  // The built-in engine (and its glob and gitignore libraries) loads only when fd is missing.
  const found = fd
    ? await findWithFd(fd, root, params.pattern, limit, signal)
    : await (await import("./find-builtin.js")).findBuiltin(root, params.pattern, limit, signal);
  return { found, engine: fd ? ("fd" as const) : ("builtin" as const) };
}

async function globThrough(ops: FindOperations, cwd: string, params: Static<typeof parameters>, limit: number, signal: AbortSignal) {
  if (signal.aborted) throw new Error("Operation aborted");
  const root = canonicalPath(cwd, params.path || ".");
  if (!(await ops.exists(root))) throw new Error(`Path not found: ${root}`);
  const paths = await ops.glob(params.pattern, root, { ignore: ["**/node_modules/**", "**/.git/**"], limit });
  signal.throwIfAborted();
  const relativePaths = paths.map((p) => (isAbsolute(p) ? toPosix(relative(root, p)) : p));
  const found: Found = { paths: relativePaths.slice(0, limit), limitReached: relativePaths.length > limit };
  return { found, engine: "operations" as const };
}
