// Image files given by path: a file dragged into the terminal arrives as its path (pasted, or typed
// where the terminal has no bracketed paste), possibly quoted, with backslash-escaped spaces, or as
// a file:// URL. Such paths become image attachments (PNG, JPEG, GIF or WebP, told by their bytes).
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import type { EditorImage } from "../../lib/tui/index.js";

const IMAGE_EXT = /\.(png|jpe?g|gif|webp)$/i;
/** Larger images are refused: providers reject them and the session would carry them forever. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The image type of these bytes, from their signature; undefined when they are no image we send. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 4) === "GIF8") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

/** Image content from bytes, or why they cannot be attached. */
export function imageFromBytes(bytes: Buffer, what: string): EditorImage | string {
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return `${what} is not a PNG, JPEG, GIF or WebP image`;
  if (bytes.length > MAX_IMAGE_BYTES)
    return `${what} is too large to attach (${(bytes.length / 1048576).toFixed(1)} MB; the limit is ${MAX_IMAGE_BYTES / 1048576} MB)`;
  return { type: "image", data: bytes.toString("base64"), mimeType };
}

export function readImageFile(path: string): EditorImage | string {
  try {
    return imageFromBytes(readFileSync(path), path);
  } catch (error) {
    return `Cannot read ${path}: ${(error as Error).message}`;
  }
}

/** Splits text into words the way a shell would: quotes and backslash escapes keep spaces. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (ch === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[++i];
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The file a dragged-in word names, when it is an existing image file (absolute, ~/ or file://). */
export function imagePathOf(word: string): string | undefined {
  let path = word;
  if (path.startsWith("file://")) {
    try {
      path = fileURLToPath(path);
    } catch {
      return undefined;
    }
  } else if (path.startsWith("~/")) path = homedir() + path.slice(1);
  if (!isAbsolute(path) || !IMAGE_EXT.test(path)) return undefined;
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The image files a paste consists of, or undefined when it is anything else (plain text). */
export function droppedImagePaths(text: string): string[] | undefined {
  if (text.length > 8192) return undefined; // a long paste is text, not a few paths
  const words = shellWords(text.trim());
  if (!words.length) return undefined;
  const paths = words.map(imagePathOf);
  return paths.every((p) => p !== undefined) ? (paths as string[]) : undefined;
}

/** The existing image files named anywhere in a prompt (a path typed or dropped without paste). */
export function imagePathsIn(text: string): string[] {
  if (!/[./]/.test(text)) return [];
  const seen = new Set<string>();
  // Plain words too: an apostrophe in prose would open a "quote" for shellWords.
  const plain = text.split(/\s+/).map((w) => w.replace(/[.,;:!?)\]]+$/, ""));
  for (const word of new Set([...plain, ...shellWords(text)])) {
    const path = imagePathOf(word);
    if (path) seen.add(path);
  }
  return [...seen];
}
