// pi's ls tool: a folder's entries sorted case-insensitively, "/" after folders, dotfiles
// included, at most `limit` (500) entries or 50 KB.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { formatSize, MAX_BYTES, resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { truncateHead, type TruncationResult } from "../../truncate.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";

export interface LsOperations {
  exists(absolutePath: string): Promise<boolean> | boolean;
  stat(absolutePath: string): Promise<{ isDirectory(): boolean }> | { isDirectory(): boolean };
  readdir(absolutePath: string): Promise<string[]> | string[];
}
export interface LsToolOptions {
  operations?: LsOperations;
}
export interface LsToolDetails {
  truncation?: TruncationResult;
  entryLimitReached?: number;
}

const DEFAULT_LIMIT = 500;
const schema = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

const localOps: LsOperations = {
  exists: async (p) => !!(await stat(p).catch(() => undefined)),
  stat: (p) => stat(p),
  readdir: (p) => readdir(p),
};

export function createLsToolDefinition(cwd: string, options: LsToolOptions = {}): PiToolDefinition<LsToolDetails | undefined> {
  const ops = options.operations ?? localOps;
  return {
    name: "ls",
    label: "ls",
    effect: "read",
    paths: (p: { path?: string }) => [p.path || "."],
    description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to ${DEFAULT_LIMIT} entries or ${MAX_BYTES / 1024}KB (whichever is hit first).`,
    promptSnippet: "List directory contents",
    parameters: schema,
    async execute(_id, { path, limit }: { path?: string; limit?: number }, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const dir = resolveToolPath(ctx?.cwd || cwd, path || ".");
      if (!(await ops.exists(dir))) throw new Error(`Path not found: ${dir}`);
      if (!(await ops.stat(dir)).isDirectory()) throw new Error(`Not a directory: ${dir}`);
      const names = [...(await ops.readdir(dir))].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      const max = limit ?? DEFAULT_LIMIT;
      const lines: string[] = [];
      for (const name of names.slice(0, max)) {
        const isDir = await Promise.resolve(ops.stat(join(dir, name))).then(
          (s) => s.isDirectory(),
          () => false,
        );
        lines.push(isDir ? `${name}/` : name);
      }
      if (lines.length === 0) return { content: [text("(empty directory)")], details: undefined };
      const truncation = truncateHead(lines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
      const notices: string[] = [];
      const details: LsToolDetails = {};
      if (names.length > max) {
        notices.push(`${max} entries limit reached. Use limit=${max * 2} for more`);
        details.entryLimitReached = max;
      }
      if (truncation.truncated) {
        notices.push(`${formatSize(MAX_BYTES)} limit reached`);
        details.truncation = truncation;
      }
      const output = notices.length ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
      return { content: [text(output)], details: notices.length ? details : undefined };
    },
  };
}

export const createLsTool = (cwd: string, options?: LsToolOptions) => toAgentTool(createLsToolDefinition(cwd, options));
