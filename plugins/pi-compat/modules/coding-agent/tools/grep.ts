// pi's grep tool: lines matching a regex (or literal) in a file or under a folder (.gitignore
// honoured, optional glob filter), as "path:line: text" with "path-line- text" context lines,
// at most `limit` (100) matches or 50 KB, long lines cut at 500 characters. The search is
// lib/tool-kit's engine (ripgrep, else the built-in walk); as in pi, the operations say whether
// the path is a folder and serve the context lines.
import { readFile, stat } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { formatMatches, grepNotices, grepSearch, resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { searchResult } from "./search-output.js";

export interface GrepOperations {
  /** Whether the path is a folder; throws when it does not exist. */
  isDirectory(absolutePath: string): Promise<boolean> | boolean;
  /** A file's text, for context lines. */
  readFile(absolutePath: string): Promise<string> | string;
}
export interface GrepToolOptions {
  operations?: GrepOperations;
}
interface GrepInput {
  pattern: string;
  path?: string;
  glob?: string;
  ignoreCase?: boolean;
  literal?: boolean;
  context?: number;
  limit?: number;
}

const DEFAULT_LIMIT = 100;
const schema = Type.Object({
  pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
  path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: Type.Optional(Type.String({ description: "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'" })),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: Type.Optional(Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: Type.Optional(Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of matches to return (default: 100)" })),
});

const localOps: GrepOperations = {
  isDirectory: async (p) => (await stat(p)).isDirectory(),
  readFile: (p) => readFile(p, "utf8"),
};

export function createGrepToolDefinition(
  cwd: string,
  options: GrepToolOptions = {},
): PiToolDefinition<Record<string, unknown> | undefined> {
  const ops = options.operations ?? localOps;
  return {
    name: "grep",
    label: "grep",
    effect: "search",
    paths: (p: { path?: string }) => [p.path || "."],
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} matches or 50KB (whichever is hit first). Long lines are truncated to 500 chars.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters: schema,
    async execute(_id, input: GrepInput, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const root = resolveToolPath(ctx?.cwd || cwd, input.path || ".");
      const rootIsDir = await Promise.resolve()
        .then(() => ops.isDirectory(root))
        .catch(() => {
          throw new Error(`Path not found: ${root}`);
        });
      const { pattern, glob } = input;
      const limit = Math.max(1, input.limit ?? DEFAULT_LIMIT);
      const query = { pattern, root, rootIsDir, glob, ignoreCase: !!input.ignoreCase, literal: !!input.literal, limit };
      const hits = await grepSearch(query, signal);
      if (hits.matches.length === 0) return { content: [text("No matches found")], details: undefined };
      const formatted = await formatMatches(hits.matches, query, Math.max(0, input.context ?? 0), (f) => ops.readFile(f));
      return searchResult(
        formatted.lines,
        hits.limitReached ? grepNotices.matchLimit(limit) : undefined,
        { ...(hits.limitReached && { matchLimitReached: limit }), ...(formatted.linesCut && { linesTruncated: true }) },
        formatted.linesCut ? grepNotices.linesCut : undefined,
      );
    },
  };
}

export const createGrepTool = (cwd: string, options?: GrepToolOptions) => toAgentTool(createGrepToolDefinition(cwd, options));
