// pi's grep tool: lines matching a regex (or literal) in a file or under a folder (.gitignore
// honoured, optional glob filter), as "path:line: text" with "path-line- text" context lines,
// at most `limit` (100) matches or 50 KB, long lines cut at 500 characters.
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { Type } from "@sinclair/typebox";
import picomatch from "picomatch";
import { resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { truncateLine } from "../../truncate.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { searchResult } from "./search-output.js";
import { walkFiles } from "./walk.js";

export interface GrepOperations {
  isDirectory(absolutePath: string): Promise<boolean> | boolean;
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
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} matches or 50KB (whichever is hit first). Long lines are truncated to 500 chars.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters: schema,
    async execute(_id, input: GrepInput, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const root = resolveToolPath(ctx?.cwd || cwd, input.path || ".");
      const isDir = await Promise.resolve(ops.isDirectory(root)).catch(() => {
        throw new Error(`Path not found: ${root}`);
      });
      const source = input.literal ? input.pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : input.pattern;
      const regex = new RegExp(source, input.ignoreCase ? "i" : "");
      const filter = input.glob ? picomatch(input.glob.includes("/") ? input.glob : `**/${input.glob}`, { dot: true }) : () => true;
      const files = isDir ? walkFiles(root, signal) : single(root);
      const max = Math.max(1, input.limit ?? DEFAULT_LIMIT);
      const context = Math.max(0, input.context ?? 0);
      const out: string[] = [];
      let matches = 0;
      let cut = false;
      for await (const file of files) {
        if (!filter(file.rel)) continue;
        const lines = String(await Promise.resolve(ops.readFile(file.path)).catch(() => ""))
          .replace(/\n$/, "")
          .split("\n");
        for (let i = 0; i < lines.length && matches < max; i++) {
          if (!regex.test(lines[i] ?? "")) continue;
          matches++;
          for (let n = Math.max(0, i - context); n <= Math.min(lines.length - 1, i + context); n++) {
            const line = truncateLine((lines[n] ?? "").replace(/\r/g, ""));
            cut ||= line.wasTruncated;
            out.push(n === i ? `${file.rel}:${n + 1}: ${line.text}` : `${file.rel}-${n + 1}- ${line.text}`);
          }
        }
        if (matches >= max) break;
      }
      if (matches === 0) return { content: [text("No matches found")], details: undefined };
      const limited = matches >= max;
      const notice = limited ? `${max} matches limit reached. Use limit=${max * 2} for more, or refine pattern` : undefined;
      return searchResult(out, notice, { ...(limited && { matchLimitReached: max }), ...(cut && { linesTruncated: true }) });
    },
  };
}

async function* single(path: string) {
  yield { path, rel: basename(path) };
}

export const createGrepTool = (cwd: string, options?: GrepToolOptions) => toAgentTool(createGrepToolDefinition(cwd, options));
