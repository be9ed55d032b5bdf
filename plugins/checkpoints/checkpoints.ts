// Checkpoints of one workspace and rewinding to them. A snapshot is taken before the first tool
// call that may change files after a user message (index.ts) and belongs to that message's session
// entry (found by the message's timestamp); a message whose turn took none has the files of the
// first snapshot taken after it, or of the workspace now (store.ts). Every git operation runs one at
// a time; tool calls wait for the pending snapshot, so nothing a tool does can slip in before it. A rewind moves the conversation (the
// session leaf goes back to before the user message: a branch, nothing is deleted), restores the
// files, or both, and is itself recorded so it can be undone (undoing records the state it left,
// so undoing twice redoes).
import type { PluginApi } from "pi-kernel";
import { textOf } from "../../lib/session-kit/index.js";
import type { SessionEntry } from "../../contracts/session-entries.js";
import type { SessionsService } from "../../contracts/sessions.js";
import type { ShadowRepo } from "./shadow.js";
import { type CheckpointStore, type RewindRecord, timeOf } from "./store.js";

/** Where a message's files are: a snapshot (and when it was taken), the workspace as it is now, or unknown. */
type Resolved = { commit: string; since: number } | "now" | undefined;

export interface CheckpointInfo {
  entryId: string;
  /** The user entry's timestamp (ISO). */
  timestamp: string;
  text: string;
  /** Files changed since the checkpoint: what rewinding the files would restore. */
  files: string[];
}

export interface RewindResult {
  restoredFiles: string[];
  leafId: string | null;
  /** The user message's text, for the editor (conversation rewinds). */
  editorText?: string;
}

export class Checkpoints {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly api: PluginApi,
    private readonly repo: ShadowRepo,
    private readonly store: CheckpointStore,
    private readonly warn: (message: string) => void,
    /** Whether the user message sent at this time was sent in this process (its turn's record may be on its way). */
    private readonly sentHere: (messageTimestamp: number) => boolean = () => false,
  ) {}

  /**
   * Snapshots the workspace for the user messages sent at `messageTimestamps` (those whose turns
   * took none yet; none: a run no user message started, recorded as a point in time).
   */
  capture(messageTimestamps: readonly number[]): void {
    const sessionId = this.sessions()?.id ?? "";
    void this.serial(async () => {
      try {
        const commit = await this.repo.snapshot();
        // When it got the lock, not when it was asked for: another session may have taken the lock
        // (and its tools written) in between.
        const takenAt = this.repo.lockedAt;
        if (messageTimestamps.length === 0) await this.store.add({ commit, sessionId, takenAt });
        for (const messageTimestamp of messageTimestamps) await this.store.add({ messageTimestamp, commit, sessionId, takenAt });
      } catch (error) {
        // The turn's tools run on: no earlier message of this session may be resolved past this point.
        const failed = { sessionId, takenAt: Date.now(), failed: true } as const;
        if (messageTimestamps.length === 0) await this.store.add(failed).catch(() => {});
        for (const messageTimestamp of messageTimestamps) await this.store.add({ messageTimestamp, ...failed }).catch(() => {});
        throw error;
      }
    }).catch((error: Error) => this.warn(`No checkpoint for this turn: ${error.message}`));
  }

  /** Resolves when no snapshot is pending. */
  idle(): Promise<void> {
    return this.chain.then(
      () => {},
      () => {},
    );
  }

  /** Whether this session made a rewind that can be undone (another session's is not offered). */
  canUndo(): boolean {
    const last = this.store.lastRewind();
    return last !== undefined && last.sessionId === this.sessions()?.id;
  }

  /** The checkpoints of the user messages on the current branch, oldest first. */
  list(): Promise<CheckpointInfo[]> {
    return this.serial(async () => {
      const sessions = this.requireSessions();
      const found = userEntries(sessions).flatMap(({ entry, timestamp, text }) => {
        const at = this.resolve(timestamp, sessions.id);
        return at ? [{ entry, text, at }] : [];
      });
      // The workspace is snapshotted only when some message has files other than today's.
      const current = found.some((f) => f.at !== "now") ? await this.repo.snapshot() : "";
      const out: CheckpointInfo[] = [];
      for (const { entry, text, at } of found) {
        const files = at === "now" ? [] : await this.repo.changed(at.commit, current);
        out.push({ entryId: entry.id, timestamp: entry.timestamp, text, files });
      }
      return out;
    });
  }

  async rewind(entryId: string, what: { files: boolean; conversation: boolean }): Promise<RewindResult> {
    if (!what.files && !what.conversation) throw new Error("Nothing to rewind: files and conversation are both false");
    if (this.api.agent.isStreaming) throw new Error("The agent is working; wait for it to finish (or abort it) before rewinding");
    const sessions = this.requireSessions();
    const target = userEntries(sessions).find((u) => u.entry.id === entryId);
    if (!target) throw new Error(`No user message ${entryId} on the current branch of this session`);
    const record = what.files ? this.resolve(target.timestamp, sessions.id) : undefined;
    if (what.files && !record) throw new Error(`There is no checkpoint of the files for ${entryId} (taken before checkpoints were on?)`);
    return this.serial(async () => {
      const undo: RewindRecord = { sessionId: sessions.id, at: Date.now() };
      let editorText: string | undefined;
      if (what.conversation) {
        undo.leafId = sessions.leafId;
        const move = await sessions.navigateTree(entryId, {});
        if (move.cancelled) throw new Error(`The rewind was cancelled${move.by ? ` by ${move.by}` : ""}`);
        editorText = move.editorText;
      }
      let restoredFiles: string[] = [];
      if (record) {
        const current = await this.beforeRestore(sessions.id);
        undo.commit = current;
        // A partial restore (some files in the way) can still be undone.
        const [commit, since] = record === "now" ? [current, Number.POSITIVE_INFINITY] : [record.commit, record.since];
        restoredFiles = await this.repo.restore(commit, current, since).catch(async (error: Error) => {
          await this.store.setLastRewind(undo);
          throw error;
        });
      }
      await this.store.setLastRewind(undo);
      return { restoredFiles, leafId: sessions.leafId, ...(editorText !== undefined && { editorText }) };
    });
  }

  /** Puts back what the last rewind changed (files, conversation or both). */
  undo(): Promise<RewindResult> {
    return this.serial(async () => {
      const last = this.store.lastRewind();
      const sessions = this.requireSessions();
      if (!last || last.sessionId !== sessions.id) throw new Error("Nothing to undo: there has been no rewind in this session");
      const redo: RewindRecord = { sessionId: sessions.id, at: Date.now() };
      if (last.leafId !== undefined && (last.leafId === null || sessions.entry(last.leafId))) {
        redo.leafId = sessions.leafId;
        sessions.navigate(last.leafId);
      }
      let restoredFiles: string[] = [];
      if (last.commit) {
        const current = await this.beforeRestore(sessions.id);
        redo.commit = current;
        restoredFiles = await this.repo.restore(last.commit, current, last.at).catch(async (error: Error) => {
          await this.store.setLastRewind(redo);
          throw error;
        });
      }
      await this.store.setLastRewind(redo);
      return { restoredFiles, leafId: sessions.leafId };
    });
  }

  /**
   * Where the files of the user message sent at `timestamp` are: its own snapshot; for a turn
   * that took none, the first snapshot taken after it or, when there is none yet, the workspace
   * now; nothing when its snapshot failed or none was ever asked for (checkpoints were off).
   */
  private resolve(timestamp: number, sessionId: string): Resolved {
    const own = this.store.get(timestamp);
    if (own && "commit" in own) return { commit: own.commit, since: own.takenAt ?? timestamp };
    if (own && "failed" in own) return undefined;
    if (!own && !this.sentHere(timestamp)) return undefined;
    const next = this.store.next(timestamp, own?.sessionId ?? sessionId);
    if (!next) return "now";
    return "commit" in next ? { commit: next.commit, since: timeOf(next) } : undefined;
  }

  /**
   * The workspace just before a restore changes it, recorded as a point in time: a message whose
   * turn took no snapshot and was sent before it has these files, not the restored ones.
   */
  private async beforeRestore(sessionId: string): Promise<string> {
    const commit = await this.repo.snapshot();
    await this.store.add({ commit, sessionId, takenAt: this.repo.lockedAt });
    return commit;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => {});
    return run;
  }

  private sessions(): SessionsService | undefined {
    return this.api.services.get("sessions");
  }

  private requireSessions(): SessionsService {
    const s = this.sessions();
    if (!s) throw new Error("Rewind needs the session store (the session-jsonl plugin), which this agent was composed without");
    return s;
  }
}

/** The user messages on the current branch, with their message timestamps and text. */
function userEntries(sessions: SessionsService): { entry: SessionEntry; timestamp: number; text: string }[] {
  return sessions.path().flatMap((entry) => {
    if (entry.type !== "message" || entry.message.role !== "user") return [];
    const m = entry.message as { timestamp?: number; content?: unknown };
    return typeof m.timestamp === "number" ? [{ entry, timestamp: m.timestamp, text: textOf(m.content) }] : [];
  });
}
