// The read tool: a text file's lines (with offset/limit paging and head truncation) or an image.
import type { FileHandle } from "node:fs/promises";
import { defineTool, Type } from "pi-kernel";
import type { ImageContent, TextContent, ToolResult } from "pi-kernel";
import { quote, statExistingFile } from "../files/file-checks.js";
import { openRegularFile } from "../files/regular-file.js";
import { resolveToolPath } from "../files/resolve-path.js";
import { formatSize, MAX_BYTES, MAX_LINES } from "../output/limits.js";
import { HeadBudget } from "../output/truncate.js";
import { type FileSystemLookup, localDisk, serving } from "./file-access.js";
import { SNIFF_BYTES, servableAsText, sniffKind } from "./file-kind.js";
import { type ChunkSource, scanLines, type ScanResult, textSource } from "./line-scanner.js";

const parameters = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-based)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

/**
 * `shown` says which file lines the text starts with (before any bracketed note), so a plugin can
 * decorate them, e.g. with hashline anchors, without re-parsing the note.
 */
export interface ReadDetails {
  truncated?: boolean;
  totalLines?: number;
  shown?: { firstLine: number; lineCount: number };
}

/** The read tool; text comes through the "file-system" service when one serves reads (file-access.ts). */
export const createReadTool = (files: FileSystemLookup = localDisk) =>
  defineTool<typeof parameters, ReadDetails>({
    name: "read",
    label: "Read",
    description:
      `Read the contents of a file. Supports text files and images (png, jpeg, gif, webp). Text output is truncated to ` +
      `${MAX_LINES} lines or ${MAX_BYTES / 1024}KB, whichever comes first; use offset/limit to page through large files.`,
    promptSnippet: "read: Read file contents (text or images), with offset/limit paging",
    parameters,
    async execute(_id, params, signal, _onUpdate, ctx) {
      signal.throwIfAborted();
      const path = resolveToolPath(ctx.cwd, params.path);
      const remote = serving(files, "read");
      if (remote && (await servableAsText(path)))
        return readText(textSource(await remote.readTextFile(path, signal)), path, params, signal);
      // Stat first: a FIFO, device or socket is refused before anything opens it.
      const info = await statExistingFile(path, "read");
      const file = await openRegularFile(path, "r", info, "read");
      try {
        const head = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
        const kind = sniffKind(head.subarray(0, bytesRead));
        if (kind.kind === "image") return await readImage(file, kind.mimeType, signal);
        if (kind.kind === "binary") {
          throw new Error(
            `${path} is a binary file and cannot be read as text. Inspect it with bash (e.g. \`file ${quote(path)}\` or \`xxd ${quote(path)} | head\`).`,
          );
        }
        return await readText(file, path, params, signal);
      } finally {
        await file.close();
      }
    },
  });

/** Reading the disk only (tests, and what the plugin registers when no service serves reads). */
export const readTool = createReadTool();

async function readImage(file: FileHandle, mimeType: string, signal: AbortSignal): Promise<ToolResult<ReadDetails>> {
  const data = await file.readFile({ signal }); // from the start: the sniff read did not move the position
  const content: (TextContent | ImageContent)[] = [
    { type: "text", text: `Read image file [${mimeType}]` },
    { type: "image", data: data.toString("base64"), mimeType },
  ];
  return { content };
}

async function readText(
  file: ChunkSource,
  path: string,
  params: { offset?: number; limit?: number },
  signal: AbortSignal,
): Promise<ToolResult<ReadDetails>> {
  const start = Math.max(1, Math.floor(params.offset ?? 1));
  const userLimit = params.limit === undefined ? undefined : Math.floor(params.limit);
  if (userLimit !== undefined && userLimit < 1) throw new Error(`limit must be at least 1 (got ${params.limit}).`);
  const budget = new HeadBudget({ maxLines: Math.min(userLimit ?? MAX_LINES, MAX_LINES), maxBytes: MAX_BYTES });
  const scan = await scanLines(file, start, budget, MAX_BYTES, signal);

  if (scan.totalLines === 0 && start === 1) return textResult("[File is empty]", { totalLines: 0 });
  if (start > scan.totalLines) {
    if (scan.totalLines === 0) throw new Error(`Offset ${start} is beyond the end of ${path}: the file is empty.`);
    throw new Error(
      `Offset ${start} is beyond the end of ${path}, which has ${scan.totalLines} line${scan.totalLines === 1 ? "" : "s"}. Use an offset between 1 and ${scan.totalLines}.`,
    );
  }
  if (scan.firstLineBytes !== undefined) {
    const text =
      `[Line ${start} is ${formatSize(scan.firstLineBytes)}, which exceeds the ${formatSize(MAX_BYTES)} limit. ` +
      `Use bash to read part of it: sed -n '${start}p' ${quote(path)} | head -c ${MAX_BYTES}]`;
    return textResult(text, { truncated: true, totalLines: scan.totalLines });
  }
  return textResult(scan.lines.join("\n") + pagingNote(scan, start, userLimit), {
    truncated: isTruncated(scan, userLimit),
    totalLines: scan.totalLines,
    shown: { firstLine: start, lineCount: scan.lines.length },
  });
}

/** Truncated by our limits, as opposed to stopped where the model's own limit asked. */
function isTruncated(scan: ScanResult, userLimit: number | undefined): boolean {
  if (!scan.stoppedBy) return false;
  return scan.stoppedBy === "bytes" || userLimit === undefined || userLimit > MAX_LINES;
}

function pagingNote(scan: ScanResult, start: number, userLimit: number | undefined): string {
  if (!scan.stoppedBy) return "";
  const end = start + scan.lines.length - 1;
  if (isTruncated(scan, userLimit)) {
    const why = scan.stoppedBy === "bytes" ? ` (${formatSize(MAX_BYTES)} limit)` : "";
    return `\n\n[Showing lines ${start}-${end} of ${scan.totalLines}${why}. Use offset=${end + 1} to continue.]`;
  }
  return `\n\n[${scan.totalLines - end} more lines in file. Use offset=${end + 1} to continue.]`;
}

function textResult(text: string, details: ReadDetails): ToolResult<ReadDetails> {
  return { content: [{ type: "text", text }], details };
}
