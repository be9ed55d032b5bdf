// Everything a compaction strategy needs, worked out the same way for every strategy: where to
// cut, what to summarise (and the start of a split turn), the previous summary, the token count
// before, and the files touched so far.
import type { AgentMessage } from "pi-kernel";
import type { CompactionPreparation, CompactionSettings } from "../../../contracts/compaction.js";
import type { CompactionEntry, SessionEntry } from "../../../contracts/session-entries.js";
import { entryMessage } from "../convert.js";
import { findCutPoint } from "./cut.js";
import { FileTracker } from "./files.js";
import { contextTokens } from "./tokens.js";

export const DEFAULT_SETTINGS: CompactionSettings = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000, strategy: "summarize" };

export function compactionSettings(settings: Readonly<Record<string, unknown>>): CompactionSettings {
  const c = (settings.compaction ?? {}) as Partial<CompactionSettings>;
  const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : d);
  return {
    enabled: c.enabled !== false,
    reserveTokens: num(c.reserveTokens, DEFAULT_SETTINGS.reserveTokens),
    keepRecentTokens: num(c.keepRecentTokens, DEFAULT_SETTINGS.keepRecentTokens),
    strategy: typeof c.strategy === "string" && c.strategy ? c.strategy : DEFAULT_SETTINGS.strategy,
  };
}

const messagesOf = (entries: readonly SessionEntry[]) =>
  entries.map(entryMessage).filter((m): m is AgentMessage => m !== undefined && m.role !== "compactionSummary");

/** Undefined when there is nothing to compact (the path already ends in a compaction, or is empty). */
export function prepareCompaction(path: readonly SessionEntry[], settings: CompactionSettings): CompactionPreparation | undefined {
  if (path.length === 0 || path[path.length - 1].type === "compaction") return undefined;
  let prev = -1;
  for (let i = path.length - 1; i >= 0; i--)
    if (path[i].type === "compaction") {
      prev = i;
      break;
    }
  const previous = prev >= 0 ? (path[prev] as CompactionEntry) : undefined;
  // A new compaction starts where the previous one's kept part started, so that part is summarised now.
  const keptFrom = previous ? path.findIndex((e) => e.id === previous.firstKeptEntryId) : -1;
  const start = keptFrom >= 0 && keptFrom < prev ? keptFrom : prev + 1;
  const current = [...(previous ? [entryMessage(previous)!] : []), ...messagesOf(path.slice(start))];
  const cut = findCutPoint(path, start, path.length, settings.keepRecentTokens);
  const firstKept = path[cut.firstKept];
  if (!firstKept || cut.firstKept <= start) return undefined; // nothing old enough to replace
  const historyEnd = cut.isSplitTurn ? cut.turnStart : cut.firstKept;
  const messagesToSummarize = messagesOf(path.slice(start, historyEnd));
  const turnPrefixMessages = cut.isSplitTurn ? messagesOf(path.slice(cut.turnStart, cut.firstKept)) : [];
  const files = new FileTracker();
  if (previous && !previous.fromHook) files.addPrevious(previous.details);
  files.addMessages(messagesToSummarize);
  files.addMessages(turnPrefixMessages);
  return {
    firstKeptEntryId: firstKept.id,
    messagesToSummarize,
    turnPrefixMessages,
    isSplitTurn: cut.isSplitTurn,
    keptMessages: messagesOf(path.slice(cut.firstKept)),
    tokensBefore: contextTokens(current),
    previousSummary: previous?.summary,
    files: files.lists(),
    settings,
  };
}
