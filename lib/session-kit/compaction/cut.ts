// Where a compaction cuts the path: keep about `keepRecentTokens` of the newest messages, cut
// only where a turn may start (never at a tool result, which needs its call), and notice when
// the cut lands inside a turn (a single turn larger than the budget) so its start is summarised.
import type { SessionEntry } from "../../../contracts/session-entries.js";
import { estimateTokens } from "./tokens.js";

const CUT_ROLES = new Set(["user", "assistant", "bashExecution", "custom", "branchSummary", "compactionSummary"]);

export interface CutPoint {
  /** Index of the first entry kept. */
  firstKept: number;
  /** Index where the turn containing the cut starts, when the cut splits a turn; else -1. */
  turnStart: number;
  isSplitTurn: boolean;
}

export function isValidCut(e: SessionEntry): boolean {
  if (e.type === "message") return CUT_ROLES.has(e.message.role);
  return e.type === "custom_message" || e.type === "branch_summary";
}

export function findCutPoint(entries: readonly SessionEntry[], start: number, end: number, keepRecentTokens: number): CutPoint {
  const cuts: number[] = [];
  for (let i = start; i < end; i++) if (isValidCut(entries[i])) cuts.push(i);
  if (cuts.length === 0) return { firstKept: start, turnStart: -1, isSplitTurn: false };
  let cut = cuts[0];
  let kept = 0;
  for (let i = end - 1; i >= start; i--) {
    const e = entries[i];
    if (e.type !== "message") continue;
    kept += estimateTokens(e.message);
    if (kept >= keepRecentTokens) {
      cut = cuts.find((c) => c >= i) ?? cuts[cuts.length - 1];
      break;
    }
  }
  // Settings changes and labels just before the cut stay with the kept part.
  while (cut > start && entries[cut - 1].type !== "message" && entries[cut - 1].type !== "compaction") cut--;
  const first = entries[cut];
  if (first.type === "message" && first.message.role === "user") return { firstKept: cut, turnStart: -1, isSplitTurn: false };
  const turnStart = findTurnStart(entries, cut, start);
  return { firstKept: cut, turnStart, isSplitTurn: turnStart !== -1 && turnStart !== cut };
}

function findTurnStart(entries: readonly SessionEntry[], from: number, start: number): number {
  for (let i = from; i >= start; i--) {
    const e = entries[i];
    if (e.type === "branch_summary" || e.type === "custom_message") return i;
    if (e.type === "message" && (e.message.role === "user" || e.message.role === "bashExecution")) return i;
  }
  return -1;
}
