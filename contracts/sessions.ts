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
  navigate(targetId: string | null, opts?: { summary?: string; details?: unknown; fromHook?: boolean; label?: string }): SessionEntry | undefined;
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
  /** Asks the gates in order (lib/session/navigate.ts does, for commands and extensions alike). */
  gate(event: SessionGateEvent): Promise<GateAnswer>;
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
  interface Services { sessions: SessionsService }
}
