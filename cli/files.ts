// `@file` arguments, as pi handles them: text files are inlined into the first message as
// <file name="ABS">…</file>; images (by magic bytes) are attached to it; empty files are skipped.
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { ImageContent } from "../kernel/index.js";

export interface InlinedFiles {
  text: string;
  images: ImageContent[];
}

export function inlineFiles(files: string[], cwd: string): InlinedFiles {
  const out: InlinedFiles = { text: "", images: [] };
  for (const file of files) {
    const path = resolve(cwd, file.replace(/^~(?=\/|$)/, process.env.HOME ?? "~"));
    const data = readArgFile(path, file);
    if (data.length === 0) continue;
    const mimeType = imageType(data);
    if (mimeType) {
      out.images.push({ type: "image", data: data.toString("base64"), mimeType });
      out.text += `<file name="${path}"></file>\n`;
    } else if (data.subarray(0, 8192).includes(0)) {
      throw new Error(`@${file} is a binary file and cannot be inlined`);
    } else {
      out.text += `<file name="${path}">\n${data.toString("utf8")}\n</file>\n`;
    }
  }
  return out;
}

function readArgFile(path: string, given: string): Buffer {
  try {
    if (statSync(path).isDirectory()) throw new Error(`@${given} is a directory, not a file`);
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`File not found: ${given}`);
    throw error;
  }
}

function imageType(b: Buffer): string | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return undefined;
}
