// pi's read tool over pluggable operations (pi's ReadOperations: an extension can read through
// ssh or a sandbox): a text file's lines with offset/limit paging and head truncation, with pi's
// continuation notes, or an image as an attachment.
import { constants } from "node:fs";
import { access, readFile } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { formatSize, MAX_BYTES, MAX_LINES, resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { truncateHead, type TruncationResult } from "../../truncate.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool, type ToolResultLike } from "./definition.js";

export interface ReadOperations {
  readFile(absolutePath: string): Promise<Buffer>;
  access(absolutePath: string): Promise<void>;
  detectImageMimeType?(absolutePath: string): Promise<string | null | undefined>;
}
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

const IMAGE_MAGIC: [string, number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
  ["image/bmp", [0x42, 0x4d]],
];

/** The image type a file's first bytes announce (png, jpeg, gif, webp, bmp), else undefined. */
export function sniffImage(head: Buffer): string | undefined {
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return IMAGE_MAGIC.find(([, magic]) => magic.every((b, i) => head[i] === b))?.[0];
}

const localOps: ReadOperations = {
  readFile: (p) => readFile(p),
  access: (p) => access(p, constants.R_OK),
  detectImageMimeType: async (p) => sniffImage((await readFile(p)).subarray(0, 16)),
};

export function createReadToolDefinition(cwd: string, options: ReadToolOptions = {}): PiToolDefinition<ReadToolDetails | undefined> {
  const ops = options.operations ?? localOps;
  return {
    name: "read",
    label: "read",
    effect: "read",
    paths: (p: { path: string }) => [p.path],
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${MAX_LINES} lines or ${MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: schema,
    async execute(_id, { path, offset, limit }: { path: string; offset?: number; limit?: number }, signal, _onUpdate, ctx) {
      throwIfAborted(signal);
      const absolute = resolveToolPath(ctx?.cwd || cwd, path);
      await ops.access(absolute);
      const mimeType = await ops.detectImageMimeType?.(absolute);
      const buffer = await ops.readFile(absolute);
      throwIfAborted(signal);
      if (mimeType) {
        const note =
          ctx?.model?.input && !ctx.model.input.includes("image")
            ? "\n[Current model does not support images. The image will be omitted from this request.]"
            : "";
        return {
          content: [text(`Read image file [${mimeType}]${note}`), { type: "image", data: buffer.toString("base64"), mimeType }],
          details: undefined,
        };
      }
      return readText(buffer.toString("utf8"), path, offset, limit);
    },
  };
}

function readText(content: string, path: string, offset?: number, limit?: number): ToolResultLike<ReadToolDetails | undefined> {
  const lines = content.split("\n");
  const start = offset ? Math.max(0, offset - 1) : 0;
  if (start >= lines.length) throw new Error(`Offset ${offset} is beyond end of file (${lines.length} lines total)`);
  const end = limit !== undefined ? Math.min(start + limit, lines.length) : lines.length;
  const truncation = truncateHead(lines.slice(start, end).join("\n"));
  const first = start + 1;
  if (truncation.outputLines === 0 && lines[start]) {
    const size = formatSize(Buffer.byteLength(lines[start] ?? "", "utf8"));
    const note = `[Line ${first} is ${size}, exceeds ${formatSize(MAX_BYTES)} limit. Use bash: sed -n '${first}p' ${path} | head -c ${MAX_BYTES}]`;
    return { content: [text(note)], details: { truncation } };
  }
  if (truncation.truncated) {
    const last = first + truncation.outputLines - 1;
    const limitNote = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(MAX_BYTES)} limit)`;
    const note = `\n\n[Showing lines ${first}-${last} of ${lines.length}${limitNote}. Use offset=${last + 1} to continue.]`;
    return { content: [text(truncation.content + note)], details: { truncation } };
  }
  if (end < lines.length && limit !== undefined) {
    const note = `\n\n[${lines.length - end} more lines in file. Use offset=${end + 1} to continue.]`;
    return { content: [text(truncation.content + note)], details: undefined };
  }
  return { content: [text(truncation.content)], details: undefined };
}

export const createReadTool = (cwd: string, options?: ReadToolOptions) => toAgentTool(createReadToolDefinition(cwd, options));
