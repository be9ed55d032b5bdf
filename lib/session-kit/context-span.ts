// Which part of a session's path the model's context is built from (pi 0.86's rule): the latest
// compaction stands in for everything before its first kept entry, and `system` messages in the
// kept range are left out (the compaction's checkpoint replaces them). The sessions plugin builds
// the context with these; the interactive UI places custom entries among its messages with them.
import type { SessionEntry } from "../../contracts/session-entries.js";

/** Index of the latest compaction on `path`, or -1. */
export function latestCompaction(path: readonly { type: string }[]): number {
  for (let i = path.length - 1; i >= 0; i--) if (path[i].type === "compaction") return i;
  return -1;
}

/** Index of the compaction at `c`'s first kept entry (`firstKept`) before it, else `c` itself. */
export function keptStart(path: readonly ({ id?: string } | undefined)[], c: number, firstKept: string | undefined): number {
  for (let i = 0; i < c; i++) if (path[i]?.id === firstKept) return i;
  return c;
}

/** A `system` message entry: left out of the kept range. */
export function isSystemEntry(e: SessionEntry | undefined): boolean {
  return e?.type === "message" && (e.message.role as string) === "system";
}
