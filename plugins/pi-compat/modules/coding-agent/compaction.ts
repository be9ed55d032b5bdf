// pi's compaction helpers extensions call (a custom compaction in session_before_compact, a
// context meter): token estimates, the compaction trigger, where a compaction cuts, and the
// conversation serialised for a summary prompt. lib/session-kit holds the shared logic.
import type { AgentMessage, Usage } from "pi-kernel";
import type { SessionEntry } from "../../../../contracts/session-entries.js";
import {
  convertToLlm,
  estimateTokens,
  findCutPoint as cutPoint,
  serializeConversation,
  usageTokens,
} from "../../../../lib/session-kit/index.js";
import { sessionEntryToContextMessages } from "./session/format.js";

export { convertToLlm, estimateTokens, serializeConversation };

export const DEFAULT_COMPACTION_SETTINGS = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

export const calculateContextTokens = (usage: Usage): number => usageTokens(usage);

export function shouldCompact(
  contextTokens: number,
  contextWindow: number,
  settings: { enabled: boolean; reserveTokens: number },
): boolean {
  return settings.enabled && contextTokens > contextWindow - settings.reserveTokens;
}

/** The last real usage on the path (aborted, failed and all-zero replies carry none). */
export function getLastAssistantUsage(entries: SessionEntry[]): Usage | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type !== "message" || e.message.role !== "assistant") continue;
    const m = e.message as { stopReason?: string; usage?: Usage };
    if (m.stopReason !== "aborted" && m.stopReason !== "error" && m.usage && usageTokens(m.usage) > 0) return m.usage;
  }
  return undefined;
}

const TURN_START = new Set(["user", "bashExecution", "custom", "branchSummary"]);

/** The entry where the turn holding `entryIndex` starts (a user-like message), or -1. */
export function findTurnStartIndex(entries: SessionEntry[], entryIndex: number, startIndex: number): number {
  for (let i = entryIndex; i >= startIndex; i--) {
    const e = entries[i]!;
    if (e.type !== "compaction" && sessionEntryToContextMessages(e).some((m) => TURN_START.has(m.role))) return i;
  }
  return -1;
}

/** pi's CutPointResult: the first kept entry, and where the split turn starts (-1 when none). */
export function findCutPoint(entries: SessionEntry[], startIndex: number, endIndex: number, keepRecentTokens: number) {
  const cut = cutPoint(entries, startIndex, endIndex, keepRecentTokens);
  return { firstKeptEntryIndex: cut.firstKept, turnStartIndex: cut.turnStart, isSplitTurn: cut.isSplitTurn };
}

/** The entries between the old leaf and the common ancestor with the target, oldest first. */
export function collectEntriesForBranchSummary(
  session: { getBranch(id: string): SessionEntry[]; getEntry(id: string): SessionEntry | undefined },
  oldLeafId: string | null,
  targetId: string,
): { entries: SessionEntry[]; commonAncestorId: string | null } {
  if (!oldLeafId) return { entries: [], commonAncestorId: null };
  const oldPath = new Set(session.getBranch(oldLeafId).map((e) => e.id));
  const common = [...session.getBranch(targetId)].reverse().find((e) => oldPath.has(e.id))?.id ?? null;
  const entries: SessionEntry[] = [];
  for (let id: string | null = oldLeafId; id && id !== common; ) {
    const e = session.getEntry(id);
    if (!e) break;
    entries.unshift(e);
    id = e.parentId;
  }
  return { entries, commonAncestorId: common };
}

export type { AgentMessage };
