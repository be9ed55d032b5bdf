// The read tool: a text file's lines (with offset/limit paging and head truncation) or an image.
// `readPath` is the one implementation of a read: pi-compat's createReadTool runs it too, over the
// ReadOperations an extension gives; without them it reads the disk (or the "file-system" service).
import type { FileHandle } from "node:fs/promises";
import { defineTool, Type } from "pi-kernel";
import type { ImageContent, TextContent, ToolResult } from "pi-kernel";
import { quote, statExistingFile } from "../files/file-checks.js";
import { openRegularFile } from "../files/regular-file.js";
import { canonicalPath } from "../files/canonical-path.js";
import { formatSize, MAX_BYTES, MAX_LINES } from "../output/limits.js";
import { HeadBudget } from "../output/truncate.js";
import { type FileSystemLookup, localDisk, type ReadOperations, serving } from "./file-access.js";
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
  /** Which limit cut the text, when one did. */
  truncatedBy?: "lines" | "bytes";
  totalLines?: number;
  shown?: { firstLine: number; lineCount: number };
}

/** The read tool; text comes through the "file-system" service when one serves reads (file-access.ts). */
export const createReadTool = (files: FileSystemLookup = localDisk) =>
  defineTool<typeof parameters, ReadDetails>({
    name: "read",
    label: "Read",
    effect: "read",
    paths: (params) => [params.path],
    description:
      `Read the contents of a file. Supports text files and images (png, jpeg, gif, webp). Text output is truncated to ` +
      `${MAX_LINES} lines or ${MAX_BYTES / 1024}KB, whichever comes first; use offset/limit to page through large files.`,
    promptSnippet: "read: Read file contents (text or images), with offset/limit paging",
    parameters,
    execute: (_id, params, signal, _onUpdate, ctx) => readPath(canonicalPath(ctx.cwd, params.path), params, signal, { files }),
  });

export interface ReadPathOptions {
  /** pi's operations to read through; default the disk (or `files`, when it serves reads). */
  operations?: ReadOperations;
  files?: FileSystemLookup;
}

/** One read of the file at (absolute) `path`: its lines from `offset`, at most `limit`, or the image it is. */
export async function readPath(
  path: string,
  params: { offset?: number; limit?: number },
  signal: AbortSignal,
  options: ReadPathOptions = {},
): Promise<ToolResult<ReadDetails>> {
  signal.throwIfAborted();
  if (options.operations) return readThrough(options.operations, path, params, signal);
  const remote = serving(options.files ?? localDisk, "read");
  if (remote && (await servableAsText(path))) return readText(textSource(await remote.readTextFile(path, signal)), path, params, signal);
  // Stat first: a FIFO, device or socket is refused before anything opens it.
  const info = await statExistingFile(path, "read");
  const file = await openRegularFile(path, "r", info, "read");
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    const kind = sniffKind(head.subarray(0, bytesRead));
    if (kind.kind === "image") return await readImage(file, kind.mimeType, signal);
    if (kind.kind === "binary") throw binaryFile(path);
    return await readText(file, path, params, signal);
  } finally {
    await file.close();
  }
}

/** Through pi's operations (ssh, a sandbox, memory): the whole file comes as one Buffer. */
async function readThrough(
  ops: ReadOperations,
  path: string,
  params: { offset?: number; limit?: number },
  signal: AbortSignal,
): Promise<ToolResult<ReadDetails>> {
  await ops.access(path);
  const mimeType = await ops.detectImageMimeType?.(path);
  const data = await ops.readFile(path);
  signal.throwIfAborted();
  const kind = mimeType ? { kind: "image" as const, mimeType } : sniffKind(data.subarray(0, SNIFF_BYTES));
  if (kind.kind === "image") return imageResult(data, kind.mimeType);
  if (kind.kind === "binary") throw binaryFile(path);
  return readText(textSource(data), path, params, signal);
}

function binaryFile(path: string): Error {
  return new Error(
    `${path} is a binary file and cannot be read as text. Inspect it with bash (e.g. \`file ${quote(path)}\` or \`xxd ${quote(path)} | head\`).`,
  );
}

/** Reading the disk only (tests, and what the plugin registers when no service serves reads). */
export const readTool = createReadTool();

async function readImage(file: FileHandle, mimeType: string, signal: AbortSignal): Promise<ToolResult<ReadDetails>> {
  const data = await file.readFile({ signal }); // from the start: the sniff read did not move the position
  return imageResult(data, mimeType);
}

function imageResult(data: Buffer, mimeType: string): ToolResult<ReadDetails> {
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
    // pi's words first (extensions may look for them), then what to do.
    const lines = `${scan.totalLines} line${scan.totalLines === 1 ? "" : "s"}`;
    const hint = scan.totalLines === 0 ? `${path} is empty` : `${path} has ${lines}; use an offset between 1 and ${scan.totalLines}`;
    throw new Error(`Offset ${start} is beyond end of file (${lines} total): ${hint}.`);
  }
  if (scan.firstLineBytes !== undefined) {
    const text =
      `[Line ${start} is ${formatSize(scan.firstLineBytes)}, exceeds ${formatSize(MAX_BYTES)} limit. ` +
      `Use bash: sed -n '${start}p' ${quote(path)} | head -c ${MAX_BYTES}]`;
    return textResult(text, { truncated: true, truncatedBy: "bytes", totalLines: scan.totalLines });
  }
  return textResult(scan.lines.join("\n") + pagingNote(scan, start, userLimit), {
    truncated: isTruncated(scan, userLimit),
    ...(isTruncated(scan, userLimit) && { truncatedBy: scan.stoppedBy }),
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
