// `@file` arguments: text files are inlined into the first message the way pi does it.
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

export function inlineFiles(files: string[], cwd: string): string {
  let out = "";
  for (const file of files) {
    const path = resolve(cwd, file.replace(/^~(?=\/|$)/, process.env.HOME ?? "~"));
    let data: Buffer;
    try {
      if (statSync(path).isDirectory()) throw new Error(`@${file} is a directory, not a file`);
      data = readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`File not found: ${file}`);
      throw error;
    }
    if (data.length === 0) continue; // pi skips empty files
    if (data.subarray(0, 8192).includes(0)) throw new Error(`@${file} is a binary file and cannot be inlined`);
    out += `<file name="${path}">\n${data.toString("utf8")}\n</file>\n`;
  }
  return out;
}
