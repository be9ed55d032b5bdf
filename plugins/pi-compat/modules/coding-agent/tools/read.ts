// pi's read tool: pi's definition (name, schema, prompt lines, details with pi's truncation) over
// the toolkit's one read implementation (readPath: lines with offset/limit paging and head
// truncation with pi's continuation notes, or an image), through the ReadOperations an extension
// gives (ssh, a sandbox) or the local disk.
import { Type } from "@sinclair/typebox";
import { MAX_BYTES, MAX_LINES, type ReadOperations, readPath, resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import type { TruncationResult } from "../../truncate.js";
import { type PiToolDefinition, throwIfAborted, type ToolResultLike, toAgentTool } from "./definition.js";

export type { ReadOperations };
export interface ReadToolOptions {
  autoResizeImages?: boolean;
  operations?: ReadOperations;
}
export interface ReadToolDetails {
  truncation?: TruncationResult;
}

const schema = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

const NO_IMAGES = "\n[Current model does not support images. The image will be omitted from this request.]";

export function createReadToolDefinition(cwd: string, options: ReadToolOptions = {}): PiToolDefinition<ReadToolDetails | undefined> {
  return {
    name: "read",
    label: "read",
    effect: "read",
    paths: (p: { path: string }) => [p.path],
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${MAX_LINES} lines or ${MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: schema,
    async execute(_id, params: { path: string; offset?: number; limit?: number }, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const absolute = resolveToolPath(ctx?.cwd || cwd, params.path);
      const result = await readPath(absolute, params, signal ?? new AbortController().signal, { operations: options.operations }).catch(
        (error: unknown) => {
          // pi's errors are fs errors, which start with their code (extensions match "ENOENT").
          const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
          throw code && error instanceof Error && !error.message.startsWith(code) ? new Error(`${code}: ${error.message}`) : error;
        },
      );
      const [first, ...rest] = result.content;
      if (rest.length > 0 && first?.type === "text" && ctx?.model?.input && !ctx.model.input.includes("image")) {
        return { content: [{ ...first, text: first.text + NO_IMAGES }, ...rest], details: undefined };
      }
      const details = result.details;
      const text = first?.type === "text" ? first.text : "";
      if (!details?.truncated || !details.truncatedBy) return { content: result.content, details: undefined } as ToolResultLike<undefined>;
      // pi's TruncationResult, told from what the read kept.
      const outputLines = details.shown?.lineCount ?? 0;
      const content = text.replace(/\n\n\[[^\n]*\]$/, "");
      const truncation: TruncationResult = {
        content,
        truncated: true,
        truncatedBy: details.truncatedBy,
        totalLines: details.totalLines ?? outputLines,
        totalBytes: Buffer.byteLength(content, "utf8"),
        outputLines,
        outputBytes: Buffer.byteLength(content, "utf8"),
      };
      return { content: result.content, details: { truncation } };
    },
  };
}

export const createReadTool = (cwd: string, options?: ReadToolOptions) => toAgentTool(createReadToolDefinition(cwd, options));
