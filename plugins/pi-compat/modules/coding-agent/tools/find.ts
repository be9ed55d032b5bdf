// pi's find tool: files matching a glob under a folder (relative paths, .gitignore honoured), at
// most `limit` (1,000) or 50 KB. The default operations walk the tree in-process (lib/tool-kit's walk).
import { stat } from "node:fs/promises";
import { relative } from "node:path";
import { Type } from "@sinclair/typebox";
import picomatch from "picomatch";
import { resolveToolPath, walk } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { searchResult } from "./search-output.js";

export interface FindOperations {
  exists(absolutePath: string): Promise<boolean> | boolean;
  glob(pattern: string, cwd: string, options: { ignore: string[]; limit: number }): Promise<string[]> | string[];
}
export interface FindToolOptions {
  operations?: FindOperations;
}

const DEFAULT_LIMIT = 1000;
const schema = Type.Object({
  pattern: Type.String({ description: "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'" }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of results (default: 1000)" })),
});

const localOps: FindOperations = {
  exists: async (p) => !!(await stat(p).catch(() => undefined)),
  async glob(pattern, cwd, { limit }) {
    // A pattern without "/" matches a file name at any depth, as fd's glob does.
    const match = picomatch(pattern.includes("/") ? pattern : `**/${pattern}`, { dot: true });
    const found: string[] = [];
    for await (const entry of walk(cwd)) {
      if (entry.kind === "file" && match(entry.rel)) found.push(entry.rel);
      if (found.length > limit) break;
    }
    return found;
  },
};

export function createFindToolDefinition(
  cwd: string,
  options: FindToolOptions = {},
): PiToolDefinition<Record<string, unknown> | undefined> {
  const ops = options.operations ?? localOps;
  return {
    name: "find",
    label: "find",
    effect: "search",
    paths: (p: { path?: string }) => [p.path || "."],
    description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} results or 50KB (whichever is hit first).`,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters: schema,
    async execute(_id, { pattern, path, limit }: { pattern: string; path?: string; limit?: number }, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const root = resolveToolPath(ctx?.cwd || cwd, path || ".");
      if (!(await ops.exists(root))) throw new Error(`Path not found: ${root}`);
      const max = limit ?? DEFAULT_LIMIT;
      const found = (await ops.glob(pattern, root, { ignore: ["**/node_modules/**", "**/.git/**"], limit: max })).map((p) =>
        p.startsWith("/") ? relative(root, p) : p,
      );
      throwIfAborted(signal);
      if (found.length === 0) return { content: [text("No files found matching pattern")], details: undefined };
      const over = found.length > max;
      const notice = over ? `${max} results limit reached. Use limit=${max * 2} for more, or refine pattern` : undefined;
      return searchResult(found.slice(0, max), notice, over ? { resultLimitReached: max } : {});
    },
  };
}

export const createFindTool = (cwd: string, options?: FindToolOptions) => toAgentTool(createFindToolDefinition(cwd, options));
