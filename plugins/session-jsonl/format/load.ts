// Reading another session file whole without changing it (for exports and the like): every
// entry, older formats upgraded in memory only, damaged lines skipped and reported. A file that
// is not a session is refused with an error naming it.
import type { SessionEntry, SessionHeader } from "../../../contracts/session-entries.js";
import { forEachLine } from "./lines.js";
import { migrateEntries } from "./migrate.js";
import { NotASessionError } from "./read.js";

export function loadSessionFile(file: string, report: (message: string) => void): { header: SessionHeader; entries: SessionEntry[] } {
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
  return { header: header as unknown as SessionHeader, entries: entries as unknown as SessionEntry[] };
}
