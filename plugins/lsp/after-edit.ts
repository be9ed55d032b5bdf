// Diagnostics in the result of every tool that changes files: a `toolResult` tap reads what the
// tool declares (effect "edit" and the paths a call touches, never its name), so write, edit,
// hashline_edit and any plugin's or extension's edit tool are covered alike. For each touched file
// a server handles, the file's new text goes to the server and the result gains that file's
// errors (and warnings, when asked), waiting at most `lsp.waitMs` in all: a slow, starting or
// hung server costs at most that, and says so in one line.
import type { PluginApi, ToolResultEvent } from "pi-kernel";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { currentDiagnostics } from "./diagnostics.js";
import { type Files, refreshStale, syncFile, uriOf } from "./documents.js";
import { diagnosticsReport } from "./format.js";
import type { ServerEntry, ServerPool } from "./pool.js";
import type { LspOptions } from "./settings.js";
import { touchedFiles } from "./touched-files.js";

export function afterToolResult(api: PluginApi, pool: ServerPool, options: () => LspOptions, files: Files) {
  return async (event: ToolResultEvent): Promise<ToolResultEvent> => {
    const o = options();
    const touched = touchedFiles(api, event, o);
    if (!touched) return event;
    const served = touched.paths.flatMap((path) => {
      const entry = pool.forFile(path);
      return entry ? [{ path, entry }] : [];
    });
    if (served.length === 0) return event;
    // A file the model reads is likely edited next: start its server and open it now, unawaited,
    // so the edit finds the server warm and knows the file's diagnostics before the change.
    if (touched.effect === "read") {
      for (const { path, entry } of served) void warm(pool, entry, path, files, o.waitMs);
      return event;
    }
    const deadline = Date.now() + o.waitMs;
    const reports = await Promise.all(served.map(({ path, entry }) => check(pool, entry, path, files, o, deadline)));
    const text = reports.filter((r): r is string => r !== undefined).join("\n");
    return text ? { ...event, result: { ...event.result, content: appended(event.result.content, text) } } : event;
  };
}

async function check(
  pool: ServerPool,
  entry: ServerEntry,
  path: string,
  files: Files,
  o: LspOptions,
  deadline: number,
): Promise<string | undefined> {
  const shown = pool.shownPath(path);
  const server = entry.config.name;
  const client = await pool.client(entry, deadline);
  if (!client) {
    if (entry.state === "starting" || entry.state === "restarting")
      return `LSP (${server}): the server is still starting; ${shown} was not checked.`;
    return undefined; // missing or failed: said once, in a diagnostic
  }
  const uri = uriOf(path);
  const before: Diagnostic[] | undefined = client.docs.has(uri)
    ? (client.checked.get(uri) ?? client.published.get(uri)?.diagnostics)
    : undefined;
  const seq = client.lastSeq;
  await refreshStale(client, uri);
  const synced = await syncFile(client, entry.config, path, files);
  if (!synced) return undefined;
  pool.touch(client, uri);
  const after = await currentDiagnostics(client, uri, synced.version, seq, deadline);
  if (!after) return `LSP (${server}): no answer within ${o.waitMs} ms; ${shown} was not checked.`;
  client.checked.set(uri, after);
  return diagnosticsReport(after, { path: shown, server, warnings: o.warnings, before });
}

async function warm(pool: ServerPool, entry: ServerEntry, path: string, files: Files, waitMs: number): Promise<void> {
  try {
    const client = await pool.client(entry, Date.now() + 60_000);
    if (!client) return;
    const seq = client.lastSeq;
    const synced = await syncFile(client, entry.config, path, files);
    if (!synced) return;
    pool.touch(client, synced.uri);
    const after = await currentDiagnostics(client, synced.uri, synced.version, seq, Date.now() + Math.max(waitMs, 5000));
    if (after) client.checked.set(synced.uri, after);
  } catch {
    // only a head start; the edit does the real check
  }
}

/** The report appended to the result's last text block (or as a new one). */
function appended(content: ToolResultEvent["result"]["content"], text: string): ToolResultEvent["result"]["content"] {
  const last = content.findLastIndex((c) => c.type === "text");
  if (last === -1) return [...content, { type: "text", text }];
  return content.map((c, i) => (i === last && c.type === "text" ? { ...c, text: `${c.text}\n\n${text}` } : c));
}
