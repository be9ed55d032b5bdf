// Where a session's custom entries (pi's appendEntry) go when a conversation is drawn anew (a
// resumed session, a session switch, /tree, compaction): as in pi, the entries the model's context
// is built from (the active path; after a compaction, the compaction and what it kept, then the
// rest) are walked in order, and each custom entry with a registered renderer is drawn after the
// messages that come before it. `at` counts those messages, so the transcript can place the entry
// among the agent's messages (which the sessions service built from the same entries).
import type { PluginApi } from "pi-kernel";
import type { CustomEntry, SessionEntry } from "../../contracts/index.js";
import { entryMessage, isSystemEntry, keptStart, latestCompaction } from "../../lib/session-kit/index.js";

export interface PlacedEntry {
  /** How many of the context's messages come before it. */
  at: number;
  entry: CustomEntry;
}

/**
 * The custom entries to draw with the session's messages, counted from message `from` on (the
 * messages before it are drawn already); none, and no session read, when no entry renderer is registered.
 */
export function placedEntries(api: PluginApi, from = 0): PlacedEntry[] {
  if (api.registry.list("entryRenderer").length === 0 || !api.services.has("sessions")) return [];
  const drawn = (e: CustomEntry) => !!api.registry.get("entryRenderer", e.customType);
  return placeEntries(api.services.use("sessions").path())
    .filter((p) => drawn(p.entry))
    .map((p) => ({ at: Math.max(0, p.at - from), entry: p.entry }));
}

/** Every custom entry of `path` (root first) that the context covers, with the count of context messages before it. */
export function placeEntries(path: readonly SessionEntry[]): PlacedEntry[] {
  const out: PlacedEntry[] = [];
  let at = 0;
  for (const e of contextEntries(path)) {
    if (e.type === "custom") out.push({ at, entry: e });
    else if (e.type === "compaction" && e.systemMessage) at += 2;
    else if (entryMessage(e)) at++;
  }
  return out;
}

/** The path's entries the context is built from: after the latest compaction, that compaction, the kept ones (no system messages), the rest. */
function contextEntries(path: readonly SessionEntry[]): readonly SessionEntry[] {
  const c = latestCompaction(path);
  if (c < 0) return path;
  const compaction = path[c] as Extract<SessionEntry, { type: "compaction" }>;
  const kept = keptStart(path, c, compaction.firstKeptEntryId);
  return [compaction, ...path.slice(kept, c).filter((e) => !isSystemEntry(e)), ...path.slice(c + 1)];
}
