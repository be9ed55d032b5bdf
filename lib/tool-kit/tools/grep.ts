// The grep tool: search file contents with lib/tool-kit's engine (ripgrep when installed, else
// the built-in one), with pi's parameters, output format and limits; details say which engine ran.
import { defineTool, type Static, type ToolResult, Type } from "pi-kernel";
import { canonicalPath } from "../files/canonical-path.js";
import { refuseNonRegular } from "../files/regular-file.js";
import { MAX_BYTES, MAX_LINE_CHARS } from "../output/limits.js";
import { formatMatches, grepNotices } from "../search/grep-format.js";
import type { GrepQuery } from "../search/grep-types.js";
import { grepSearch } from "../search/grep.js";
import { bytesNotice, headBytes, withNotices } from "./output.js";
import { searchPath } from "./search-path.js";

const DEFAULT_LIMIT = 100;

const parameters = Type.Object({
  pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
  path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: Type.Optional(Type.String({ description: "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'" })),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: Type.Optional(Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: Type.Optional(Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: Type.Optional(Type.Number({ description: `Maximum number of matches to return (default: ${DEFAULT_LIMIT})` })),
});

export interface GrepDetails {
  matchLimitReached?: number;
  truncated?: boolean;
  linesTruncated?: boolean;
  engine: "rg" | "builtin";
}

export const grepTool = defineTool<typeof parameters, GrepDetails>({
  name: "grep",
  label: "grep",
  effect: "search",
  paths: (params) => [params.path || "."],
  description:
    `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. ` +
    `Output is truncated to ${DEFAULT_LIMIT} matches or ${MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${MAX_LINE_CHARS} chars.`,
  promptSnippet: "Search file contents for patterns (respects .gitignore)",
  defaultActive: false,
  parameters,
  execute: (_id, params, signal, _onUpdate, ctx) => grepPath(ctx.cwd, params, signal),
});

/** pi's GrepOperations: whether the searched path is a folder (throws when it does not exist), and a file's text for context lines. */
export interface GrepOperations {
  isDirectory(absolutePath: string): Promise<boolean> | boolean;
  readFile(absolutePath: string): Promise<string> | string;
}

/**
 * One search, the one implementation behind the grep tool and pi-compat's createGrepTool: the
 * toolkit's engine (ripgrep or the built-in walk) under `params.path` (against `cwd`), the path
 * checked and context lines read through `ops` when given, else on the disk.
 */
export async function grepPath(
  cwd: string,
  params: Static<typeof parameters>,
  signal: AbortSignal,
  ops?: GrepOperations,
): Promise<ToolResult<GrepDetails>> {
  const { root, isDir } = ops ? await rootThrough(ops, cwd, params.path, signal) : await diskRoot(cwd, params.path, signal);
  const query: GrepQuery = {
    pattern: params.pattern,
    root,
    rootIsDir: isDir,
    glob: params.glob,
    ignoreCase: !!params.ignoreCase,
    literal: !!params.literal,
    limit: Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT)),
  };
  const hits = await grepSearch(query, signal);
  const { engine } = hits;
  if (hits.matches.length === 0) return { content: [{ type: "text", text: "No matches found" }], details: { engine } };
  const context = params.context && params.context > 0 ? Math.floor(params.context) : 0;
  const formatted = await formatMatches(hits.matches, query, context, ops && ((file) => ops.readFile(file)));
  const bounded = headBytes(formatted.lines);
  const details: GrepDetails = { engine };
  const notices: string[] = [];
  if (hits.limitReached) {
    notices.push(grepNotices.matchLimit(query.limit));
    details.matchLimitReached = query.limit;
  }
  if (bounded.truncated) {
    notices.push(bytesNotice());
    details.truncated = true;
  }
  if (formatted.linesCut) {
    notices.push(grepNotices.linesCut);
    details.linesTruncated = true;
  }
  return { content: [{ type: "text", text: withNotices(bounded.text, notices) }], details };
}

async function diskRoot(cwd: string, path: string | undefined, signal: AbortSignal): Promise<{ root: string; isDir: boolean }> {
  const { root, info } = await searchPath(cwd, path, signal);
  // A FIFO or device named as the path would block or never end: only directories and files.
  if (!info.isDirectory()) refuseNonRegular(root, info, "grep");
  return { root, isDir: info.isDirectory() };
}

async function rootThrough(ops: GrepOperations, cwd: string, path: string | undefined, signal: AbortSignal) {
  if (signal.aborted) throw new Error("Operation aborted");
  const root = canonicalPath(cwd, path || ".");
  const isDir = await Promise.resolve()
    .then(() => ops.isDirectory(root))
    .catch(() => {
      throw new Error(`Path not found: ${root}`);
    });
  return { root, isDir };
}
