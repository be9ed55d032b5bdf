// What every `lsp` operation starts with: the file's server (started if need be, waited for up to
// a minute: a first start loads the whole project), the file's current text sent to it, and the
// position the model named.
import type { PluginApi } from "pi-kernel";
import type { Position } from "vscode-languageserver-protocol";
import { canonicalPath } from "../../lib/tool-kit/index.js";
import type { LspClient } from "./client.js";
import { type Files, syncFile } from "./documents.js";
import type { ServerPool } from "./pool.js";
import { positionOf } from "./text-positions.js";

export const START_WAIT_MS = 60_000;
export const REQUEST_MS = 20_000;

export interface Opened {
  client: LspClient;
  uri: string;
  path: string;
  shown: string;
  text: string;
  position: Position;
}

export async function openAt(
  api: PluginApi,
  pool: ServerPool,
  files: Files,
  given: string,
  where: { line?: number; column?: number; symbol?: string } | undefined,
  signal: AbortSignal,
): Promise<Opened> {
  const path = canonicalPath(api.cwd, given);
  const shown = pool.shownPath(path);
  const entry = pool.forFile(path);
  if (!entry)
    throw new Error(
      `no language server serves ${shown}: none is configured for it, or no root marker (tsconfig.json, package.json, pyproject.toml, ...) is above it`,
    );
  const client = await pool.client(entry, Date.now() + START_WAIT_MS);
  signal.throwIfAborted();
  if (!client)
    throw new Error(`the ${entry.config.name} language server is ${entry.state}${entry.lastError ? `: ${entry.lastError}` : ""}`);
  const synced = await syncFile(client, entry.config, path, files);
  if (!synced) throw new Error(`${shown} cannot be read`);
  pool.touch(client, synced.uri);
  const position = where ? positionOf(synced.text, where, shown) : { line: 0, character: 0 };
  return { client, uri: synced.uri, path, shown, text: synced.text, position };
}
