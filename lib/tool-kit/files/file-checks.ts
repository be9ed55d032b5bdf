// The checks read and edit share before touching a file, with errors worded so the model knows
// what to do next rather than seeing a bare ENOENT/EISDIR. Only regular files pass: a FIFO, device
// or socket is refused before it is opened (see regular-file.ts).
import { stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { describeFsError, quote } from "./fs-errors.js";
import { openRegularFile, refuseNonRegular } from "./regular-file.js";

export { describeFsError, quote };

/** Stats an existing regular file; directories, FIFOs, devices and sockets are refused by name. */
export async function statExistingFile(path: string, tool = "read"): Promise<Stats> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    // The words are for the model; the errno code stays on the error for callers that quote it (pi's edit).
    throw Object.assign(new Error(describeFsError(error, path)), { code: (error as NodeJS.ErrnoException).code });
  }
  if (info.isDirectory()) {
    throw new Error(`${path} is a directory, not a file. To see what it contains, use ls or bash (e.g. \`ls -la ${quote(path)}\`).`);
  }
  refuseNonRegular(path, info, tool);
  return info;
}

/** Refuses files that are not UTF-8: re-encoding them would corrupt bytes outside the edit. */
export function decodeUtf8(raw: Buffer, path: string, tool: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    throw new Error(`${path} is not valid UTF-8 text, so ${tool} cannot change it safely. Use bash (e.g. sed or perl) instead.`);
  }
}

/** An existing file's text, for a tool about to change it: clear errors, UTF-8 only, BOM kept. */
export async function readUtf8File(path: string, signal: AbortSignal, tool: string): Promise<string> {
  const info = await statExistingFile(path, tool);
  const file = await openRegularFile(path, "r", info, tool);
  try {
    const raw = await file.readFile({ signal }).catch((error) => {
      if (signal.aborted) throw error;
      throw new Error(describeFsError(error, path));
    });
    return decodeUtf8(raw, path, tool);
  } finally {
    await file.close();
  }
}
