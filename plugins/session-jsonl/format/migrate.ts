// Older session files upgraded to version 3 on load, as pi does: version 1 entries get ids and a
// linear parent chain (compaction's firstKeptEntryIndex becomes firstKeptEntryId); version 2's
// "hookMessage" role becomes "custom". The file is then rewritten whole, atomically.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { newEntryId } from "./ids.js";
import type { ReadProblem } from "../../../contracts/session-entries.js";
import { CURRENT_VERSION } from "./types.js";

type Raw = Record<string, unknown>;

export function migrateEntries(header: Raw, entries: Raw[]): void {
  const version = typeof header.version === "number" ? header.version : 1;
  if (version < 2) {
    const ids = new Set<string>();
    let previous: string | null = null;
    for (const e of entries) {
      if (typeof e.id !== "string") e.id = newEntryId((id) => ids.has(id));
      ids.add(e.id as string);
      e.parentId = previous;
      previous = e.id as string;
    }
    for (const e of entries) {
      if (e.type === "compaction" && typeof e.firstKeptEntryIndex === "number") {
        const kept = entries[e.firstKeptEntryIndex as number];
        if (kept) e.firstKeptEntryId = kept.id;
        delete e.firstKeptEntryIndex;
      }
    }
  }
  if (version < 3) {
    for (const e of entries) {
      const m = e.message as Raw | undefined;
      if (e.type === "message" && m?.role === "hookMessage") m.role = "custom";
    }
  }
  header.version = CURRENT_VERSION;
}

/** Rewrites `file` as version 3; lines that cannot be read are reported and dropped. */
export function migrateFile(file: string): ReadProblem[] {
  const problems: ReadProblem[] = [];
  const lines = readFileSync(file, "utf8").split("\n");
  let header: Raw | undefined;
  const entries: Raw[] = [];
  lines.forEach((text, i) => {
    if (!text.trim()) return;
    try {
      const value = JSON.parse(text) as Raw;
      if (!header) header = value;
      else entries.push(value);
    } catch {
      problems.push({ line: i + 1, message: `line ${i + 1} is not valid JSON; dropped while migrating` });
    }
  });
  if (!header) return problems;
  migrateEntries(header, entries);
  const tmp = `${file}.migrating-${process.pid}`;
  writeFileSync(tmp, [header, ...entries].map((e) => JSON.stringify(e)).join("\n") + "\n");
  renameSync(tmp, file);
  return problems;
}
