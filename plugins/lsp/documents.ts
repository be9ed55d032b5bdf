// Keeping the server's copy of a document equal to the file: the agent's text is what the server
// checks. A file is read through the "file-system" service when that serves reads (ACP: the
// editor's buffer, which the edit tools wrote), else from the disk. Other open documents that
// changed on disk since they were sent (a bash command, a formatter) are sent again, so the server
// never checks against a stale copy of a neighbour.
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FileSystemService } from "../../contracts/file-system.js";
import type { LspClient } from "./client.js";
import { languageId, type ServerConfig } from "./settings.js";

/** Files past this size are not sent to a server. */
const MAX_BYTES = 2 * 1024 * 1024;

export type Files = () => FileSystemService | undefined;

export const uriOf = (path: string) => pathToFileURL(path).href;

/** The file's text as the agent sees it, or undefined when it cannot be read (or is too large). */
export async function readText(files: Files, path: string, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const fs = files();
    if (fs?.serves("read")) {
      const text = await fs.readTextFile(path, signal ?? new AbortController().signal);
      return text.length > MAX_BYTES ? undefined : text;
    }
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_BYTES) return undefined;
    return (await readFile(path, "utf8")).replace(/^\uFEFF/, "");
  } catch {
    return undefined;
  }
}

/** Sends the file's current text; returns its uri and version, or undefined when it cannot be read. */
export async function syncFile(
  client: LspClient,
  config: ServerConfig,
  path: string,
  files: Files,
): Promise<{ uri: string; version: number; text: string } | undefined> {
  const uri = uriOf(path);
  const text = await readText(files, path);
  if (text === undefined) {
    client.close(uri);
    return undefined;
  }
  const version = client.sync(uri, languageId(config, path), text);
  const doc = client.docs.get(uri);
  if (doc)
    doc.mtime = files()?.serves("read")
      ? undefined
      : await stat(path).then(
          (s) => s.mtimeMs,
          () => undefined,
        );
  return { uri, version, text };
}

/** Sends again the open documents (but `except`) whose file changed on disk since they were sent. */
export async function refreshStale(client: LspClient, except: string): Promise<void> {
  await Promise.all(
    [...client.docs.entries()].map(async ([uri, doc]) => {
      if (uri === except || doc.mtime === undefined) return;
      const path = fileURLToPath(uri);
      const info = await stat(path).catch(() => undefined);
      if (!info) return client.close(uri);
      if (info.mtimeMs === doc.mtime) return;
      const text = await readFile(path, "utf8").catch(() => undefined);
      if (text === undefined) return;
      client.sync(uri, doc.languageId, text.replace(/^\uFEFF/, ""));
      doc.mtime = info.mtimeMs;
    }),
  );
}
