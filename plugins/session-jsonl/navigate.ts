// The gated session operations behind the service's `navigateTree` and `replace`, used by the
// user's commands (plugins/session-commands), RPC and extensions' ctx.navigateTree/newSession/
// fork/switchSession (plugins/pi-compat) alike, so all ask the same gates once and the service
// emits the same after-events (session_start, session_tree) whoever asked.
import type { PluginApi } from "pi-kernel";
import { abandoned, summarizeBranch, textOf } from "../../lib/session-kit/index.js";
import type { ReplaceReason, SessionGateEvent, SessionsService, TreeMove, TreeMoveOptions } from "../../contracts/sessions.js";

/** The part of the "sessions" service these operations use. */
export type GatedSessions = Pick<SessionsService, "leafId" | "entry" | "path" | "gate" | "navigate">;

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
      targetId,
      oldLeafId,
      commonAncestorId: common?.id ?? null,
      entriesToSummarize: abandoned(oldPath, targetPath),
      userWantsSummary: opts.summarize ?? false,
      customInstructions: opts.customInstructions,
      replaceInstructions: opts.replaceInstructions,
      label: opts.label,
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
  const editorText = reentered
    ? textOf(target.type === "message" ? (target.message as { content?: unknown }).content : target.content)
    : undefined;
  return { cancelled: false, editorText, newLeafId, summaryEntry };
}

/**
 * A switch to another session (new, resume, fork, clone): the before-gate may cancel; then the
 * gates hear session_shutdown (with the before-event's target file) before `act` replaces the
 * session (the service then emits session_start).
 */
export async function replaceSession(
  s: Pick<GatedSessions, "gate">,
  before: SessionGateEvent,
  reason: ReplaceReason,
  act: () => void,
): Promise<{ cancelled: boolean; by?: string }> {
  const answer = await s.gate(before);
  if (answer.cancel) return { cancelled: true, by: answer.by };
  const targetSessionFile = before.type === "session_before_switch" ? before.targetSessionFile : undefined;
  await s.gate({ type: "session_shutdown", reason, targetSessionFile });
  act();
  return { cancelled: false };
}
