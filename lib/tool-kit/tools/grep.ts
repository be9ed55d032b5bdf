// The grep tool: search file contents with lib/tool-kit's engine (ripgrep when installed, else
// the built-in one), with pi's parameters, output format and limits; details say which engine ran.
import { defineTool, Type } from "pi-kernel";
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
  description:
    `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. ` +
    `Output is truncated to ${DEFAULT_LIMIT} matches or ${MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${MAX_LINE_CHARS} chars.`,
  promptSnippet: "Search file contents for patterns (respects .gitignore)",
  defaultActive: false,
  parameters,
  async execute(_id, params, signal, _onUpdate, ctx) {
    const { root, info } = await searchPath(ctx.cwd, params.path, signal);
    // A FIFO or device named as the path would block or never end: only directories and files.
    if (!info.isDirectory()) refuseNonRegular(root, info, "grep");
    const query: GrepQuery = {
      pattern: params.pattern,
      root,
      rootIsDir: info.isDirectory(),
      glob: params.glob,
      ignoreCase: !!params.ignoreCase,
      literal: !!params.literal,
      limit: Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT)),
    };
    const hits = await grepSearch(query, signal);
    const { engine } = hits;
    if (hits.matches.length === 0) return { content: [{ type: "text", text: "No matches found" }], details: { engine } };
    const context = params.context && params.context > 0 ? Math.floor(params.context) : 0;
    const formatted = await formatMatches(hits.matches, query, context);
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
  },
});
