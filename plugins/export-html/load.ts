// Reading a session file for export without changing it: every entry, old formats upgraded in
// memory only, damaged lines skipped (and reported).
import { migrateEntries } from "../../lib/session/migrate.js";
import { forEachLine } from "../../lib/session/lines.js";
import { NotASessionError } from "../../lib/session/read.js";
import type { SessionEntry, SessionHeader } from "../../lib/session/types.js";
import type { ExportData } from "./html.js";

export function loadForExport(file: string, report: (message: string) => void): ExportData {
  let header: Record<string, unknown> | undefined;
  const entries: Record<string, unknown>[] = [];
  forEachLine(file, (line) => {
    const text = line.text();
    if (!text.trim()) return;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (header) entries.push(value);
      else if (value?.type === "session") header = value;
      else throw new NotASessionError(file, "its first line is not a session header");
    } catch (error) {
      if (error instanceof NotASessionError) throw error;
      if (!header) throw new NotASessionError(file, "its first line is not JSON");
      report(`${file}: line ${line.no} is not valid JSON; skipped`);
    }
  });
  if (!header) throw new NotASessionError(file, "it is empty");
  migrateEntries(header, entries);
  const typed = entries as unknown as SessionEntry[];
  const labels: Record<string, string> = {};
  let name: string | undefined;
  for (const e of typed) {
    if (e.type === "label") { if (e.label) labels[e.targetId] = e.label; else delete labels[e.targetId]; }
    if (e.type === "session_info") name = e.name || undefined;
  }
  return { header: header as unknown as SessionHeader, entries: typed, leafId: typed.at(-1)?.id ?? null, labels, name };
}
