// The "sessions" service (provided by session-jsonl): what RPC mode, the UIs, commands and pi
// extensions use to read and steer the open session, and the gates asked before session
// operations (pi's session_before_* events).
import type { AgentMessage, ThinkingLevel } from "pi-kernel";
import type { NewEntry, SessionEntry, SessionHeader } from "./session-entries.js";

export interface SessionsService {
  /** The session file (it may not exist yet: files appear at the first assistant message). */
  readonly file: string | undefined;
  readonly id: string;
  readonly persisted: boolean;
  readonly name: string | undefined;
  readonly leafId: string | null;
  header(): SessionHeader;
  entry(id: string): SessionEntry | undefined;
  /** Every entry in file order (reads them all: for exports). */
  entries(): SessionEntry[];
  /** Root-to-leaf entries of the active path, or of the path ending at `leafId`. */
  path(leafId?: string | null): SessionEntry[];
  tree(): TreeNode[];
  label(id: string): string | undefined;
  context(): SessionContext;
  /** Appends an entry under the leaf (custom, custom_message, label, session_info, ...). */
  append(entry: NewEntry): SessionEntry;
  /**
   * Moves the leaf (null = before the first entry), optionally leaving a branch summary there
   * (returned) and a label (on the summary, else on the target); emits session_tree.
   */
  navigate(
    targetId: string | null,
    opts?: { summary?: string; details?: unknown; fromHook?: boolean; label?: string },
  ): SessionEntry | undefined;
  /** A new session holding the active path up to `entryId` (not including it, unless `at`); returns its file. */
  fork(entryId: string, position?: "before" | "at"): string | undefined;
  /** A new session duplicating the active path; returns its file. */
  clone(): string | undefined;
  newSession(opts?: { parentSession?: string }): void;
  /** Switches to another session: a path or an id prefix. */
  open(pathOrId: string): void;
  setName(name: string): void;
  setLabel(id: string, label: string | undefined): void;
  /** Sessions of this folder (or of every project), newest first. */
  list(opts?: { all?: boolean }): SessionInfo[];
  stats(): SessionStats;
  /** Rebuilds the agent's messages from the active path. */
  reload(): void;
  /**
   * Adds a gate asked before session operations (pi's session_before_switch/_fork/_tree and
   * session_shutdown); returns its remover. pi-compat maps extensions' handlers onto one.
   */
  addGate(gate: SessionGate): () => void;
  /** Asks the gates in order (`replace` and `navigateTree` do, for commands and extensions alike). */
  gate(event: SessionGateEvent): Promise<GateAnswer>;
  /**
   * A gated switch to another session (new, resume, fork, clone): the `before` gates may cancel;
   * then the gates hear session_shutdown (with `before`'s target file) before `act` replaces the
   * session (the service then emits session_start).
   */
  replace(before: SessionGateEvent, reason: ReplaceReason, act: () => void): Promise<{ cancelled: boolean; by?: string }>;
  /**
   * pi's navigateTree: asks session_before_tree, summarizes the branch being left when asked (a
   * gate's summary replaces ours), and moves the leaf. A user or custom message is not re-entered:
   * the leaf goes to its parent and its text comes back for the editor.
   */
  navigateTree(targetId: string, opts?: TreeMoveOptions): Promise<TreeMove>;
  /** The file a path or session id (prefix) names, searched here first, then in every project; throws when none or several match. */
  locate(pathOrId: string): string;
  /**
   * Reads another session file (a path or an id prefix) without opening it: its header and every
   * entry, older formats upgraded in memory only. Damaged lines are skipped and told to `report`;
   * a file that is not a session throws an error naming it.
   */
  load(pathOrId: string, report?: (message: string) => void): LoadedSession;
}

export type ReplaceReason = "new" | "resume" | "fork";

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

/** Another session file as read by `load`. */
export interface LoadedSession {
  file: string;
  header: SessionHeader;
  entries: SessionEntry[];
}

export interface SessionContext {
  messages: AgentMessage[];
  model?: { provider: string; modelId: string };
  thinkingLevel: ThinkingLevel;
}

export interface TreeNode {
  id: string;
  parentId: string | null;
  type: string;
  role?: string;
  preview?: string;
  label?: string;
  timestamp: string;
  children: TreeNode[];
}

export interface SessionInfo {
  path: string;
  id: string;
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  modified: Date;
  firstMessage: string;
  size: number;
}

export interface SessionStats {
  sessionId: string;
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  cost: number;
  contextUsage?: { tokens: number; contextWindow: number; percent: number };
}

export interface TreePreparation {
  targetId: string;
  oldLeafId: string | null;
  commonAncestorId: string | null;
  /** The entries of the branch being left, oldest first. */
  entriesToSummarize: SessionEntry[];
  userWantsSummary: boolean;
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export type SessionGateEvent =
  | { type: "session_before_switch"; reason: "new" | "resume"; targetSessionFile?: string }
  | { type: "session_before_fork"; entryId: string; position: "before" | "at" }
  | { type: "session_before_tree"; preparation: TreePreparation; signal: AbortSignal }
  | { type: "session_shutdown"; reason: "new" | "resume" | "fork"; targetSessionFile?: string };

export interface GateAnswer {
  cancel?: boolean;
  /** Who cancelled (for the notice the user sees). */
  by?: string;
  summary?: { summary: string; details?: unknown };
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export type SessionGate = (event: SessionGateEvent) => GateAnswer | undefined | Promise<GateAnswer | undefined>;

declare module "pi-kernel" {
  interface Services {
    sessions: SessionsService;
  }
}
