// The gated session operations, shared by the user's commands (plugins/session-commands) and
// extensions' ctx.navigateTree/newSession/fork/switchSession (plugins/pi-compat), so both ask the
// same gates once and the "sessions" service emits the same after-events (session_start,
// session_tree) whoever asked.
import type { PluginApi } from "pi-kernel";
import { abandoned, summarizeBranch } from "./branch-summary.js";
import type { GateAnswer, SessionGateEvent } from "./gates.js";
import type { SessionEntry } from "./types.js";

/** The part of the "sessions" service (plugins/session-jsonl) these operations use. */
export interface GatedSessions {
  readonly leafId: string | null;
  entry(id: string): SessionEntry | undefined;
  path(leafId?: string | null): SessionEntry[];
  gate(event: SessionGateEvent): Promise<GateAnswer>;
  navigate(targetId: string | null, opts?: { summary?: string; details?: unknown; fromHook?: boolean; label?: string }): SessionEntry | undefined;
}

export interface TreeMoveOptions {
  summarize?: boolean;
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
  signal?: AbortSignal;
}

export interface TreeMove {
  cancelled: boolean;
  /** The branch summary was aborted (by the signal), so nothing moved. */
  aborted?: boolean;
  /** Who cancelled, when a gate said so. */
  by?: string;
  /** The target was the current leaf already: nothing changed. */
  already?: boolean;
  /** A chosen user (or custom) message's text, to edit and resend. */
  editorText?: string;
  newLeafId?: string | null;
  summaryEntry?: SessionEntry;
}

const textOf = (content: unknown): string =>
  typeof content === "string" ? content
    : Array.isArray(content) ? content.filter((c) => c?.type === "text").map((c) => String(c.text)).join("\n") : "";

/**
 * pi's navigateTree: asks session_before_tree, summarizes the branch being left (the gates'
 * summary replaces ours), and moves the leaf. A user or custom message is not re-entered: the leaf
 * goes to its parent and its text comes back for the editor.
 */
export async function navigateTree(api: PluginApi, s: GatedSessions, targetId: string, opts: TreeMoveOptions = {}): Promise<TreeMove> {
  const oldLeafId = s.leafId;
  if (targetId === oldLeafId) return { cancelled: false, already: true, newLeafId: oldLeafId };
  const target = s.entry(targetId);
  if (!target) throw new Error(`No entry ${targetId} in this session`);
  const oldPath = s.path();
  const targetPath = s.path(targetId);
  const onOld = new Set(oldPath.map((e) => e.id));
  const common = [...targetPath].reverse().find((e) => onOld.has(e.id));
  const signal = opts.signal ?? new AbortController().signal;
  const answer = await s.gate({
    type: "session_before_tree",
    preparation: {
      targetId, oldLeafId, commonAncestorId: common?.id ?? null, entriesToSummarize: abandoned(oldPath, targetPath),
      userWantsSummary: opts.summarize ?? false, customInstructions: opts.customInstructions,
      replaceInstructions: opts.replaceInstructions, label: opts.label,
    },
    signal,
  });
  if (answer.cancel) return { cancelled: true, by: answer.by };
  const instructions = answer.customInstructions ?? opts.customInstructions;
  const replace = answer.replaceInstructions ?? opts.replaceInstructions;
  const label = answer.label ?? opts.label;
  const reentered = (target.type === "message" && target.message.role === "user") || target.type === "custom_message";
  const newLeafId = reentered ? target.parentId : targetId;
  let summary: { summary: string; details?: unknown; fromHook: boolean } | undefined;
  if (opts.summarize && answer.summary) summary = { ...answer.summary, fromHook: true };
  else if (opts.summarize) {
    let text: string | undefined;
    try {
      text = await summarizeBranch(api, abandoned(oldPath, s.path(newLeafId)), instructions, replace, signal);
    } catch (error) {
      // The user stopped the summary: nothing moves (pi's abortBranchSummary).
      if (signal.aborted) return { cancelled: true, aborted: true };
      throw error;
    }
    if (text) summary = { summary: text, fromHook: false };
  }
  const summaryEntry = s.navigate(newLeafId, { ...summary, label });
  const editorText = reentered ? textOf(target.type === "message" ? (target.message as { content?: unknown }).content : target.content) : undefined;
  return { cancelled: false, editorText, newLeafId, summaryEntry };
}

export type ReplaceReason = "new" | "resume" | "fork";

/**
 * A switch to another session (new, resume, fork, clone): the before-gate may cancel; then the
 * gates hear session_shutdown before `act` replaces the session (the service then emits
 * session_start).
 */
export async function replaceSession(s: Pick<GatedSessions, "gate">, before: SessionGateEvent, reason: ReplaceReason, act: () => void, targetSessionFile?: string): Promise<{ cancelled: boolean; by?: string }> {
  const answer = await s.gate(before);
  if (answer.cancel) return { cancelled: true, by: answer.by };
  await s.gate({ type: "session_shutdown", reason, targetSessionFile });
  act();
  return { cancelled: false };
}
