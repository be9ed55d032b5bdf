// Reading another session file whole without changing it (for exports and the like): every
// entry, older formats upgraded in memory only, damaged lines skipped and reported. A file that
// is not a session is refused with an error naming it. Entries and the tree are checked as when a
// session is opened (format/entry-shape.ts, format/tree-check.ts).
import type { SessionEntry, SessionHeader } from "../../../contracts/session-entries.js";
import { checkEntry } from "./entry-shape.js";
import { forEachLine } from "./lines.js";
import { migrateEntries } from "./migrate.js";
import { NotASessionError } from "./read.js";
import { checkTree } from "./tree-check.js";

export function loadSessionFile(file: string, report: (message: string) => void): { header: SessionHeader; entries: SessionEntry[] } {
  let header: Record<string, unknown> | undefined;
  const entries: Record<string, unknown>[] = [];
  const lines: number[] = [];
  forEachLine(file, (line) => {
    const text = line.text();
    if (/^[ \t\r]*$/.test(text)) return; // blank as JSON sees it (opening a session skips the same lines)
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (header) {
        entries.push(value);
        lines.push(line.no);
      } else if (value?.type === "session") header = value;
      else throw new NotASessionError(file, "its first line is not a session header");
    } catch (error) {
      if (error instanceof NotASessionError) throw error;
      if (!header) throw new NotASessionError(file, "its first line is not JSON");
      report(`${file}: line ${line.no} is not valid JSON; skipped`);
    }
  });
  if (!header) throw new NotASessionError(file, "it is empty");
  migrateEntries(header, entries);
  const checked: { id: string; parentId: string | null; line: number; entry: SessionEntry }[] = [];
  const damaged = new Map<string, string | null>();
  entries.forEach((value, i) => {
    const c = checkEntry(value);
    if (c.ok) return void checked.push({ id: c.entry.id, parentId: c.entry.parentId, line: lines[i], entry: c.entry });
    report(`${file}: line ${lines[i]} is not a valid session entry (${c.reason}); skipped`);
    if (typeof value?.id === "string") damaged.set(value.id, typeof value.parentId === "string" ? value.parentId : null);
  });
  const problems: { line: number; message: string }[] = [];
  const kept = checkTree(checked, damaged, problems);
  for (const p of problems) report(`${file}: ${p.message}`);
  const out = kept.map((n) => (n.entry.parentId === n.parentId ? n.entry : { ...n.entry, parentId: n.parentId }));
  return { header: header as unknown as SessionHeader, entries: out };
}
