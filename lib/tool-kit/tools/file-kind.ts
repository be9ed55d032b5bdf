// Telling images and binaries apart from text by content, not by extension: a ".png" that is really
// text should read as text, and an extensionless screenshot should still reach the model as an image.

import { open, stat } from "node:fs/promises";

export type FileKind = { kind: "image"; mimeType: string } | { kind: "binary" } | { kind: "text" };

/** How many leading bytes `sniffKind` looks at. */
export const SNIFF_BYTES = 8192;

export function sniffKind(head: Uint8Array): FileKind {
  const mimeType = imageMimeType(head);
  if (mimeType) return { kind: "image", mimeType };
  return head.subarray(0, SNIFF_BYTES).includes(0) ? { kind: "binary" } : { kind: "text" };
}

export function imageMimeType(head: Uint8Array): string | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
}

/**
 * Whether a read may be served as text by someone else (an editor's buffer): the file is not on
 * the disk (yet), or it is a regular text file there. Images, binaries and special files are
 * read from the disk, which reports them properly.
 */
export async function servableAsText(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return true;
  if (!info.isFile()) return false;
  const file = await open(path, "r").catch(() => undefined);
  if (!file) return true;
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return sniffKind(head.subarray(0, bytesRead)).kind === "text";
  } finally {
    await file.close();
  }
}
