// pi's session file format, version 3: one header line, then entries whose id/parentId form a
// tree. These shapes are written to disk as they are, so pi can read what we write and back.
import type { AgentMessage, ImageContent, TextContent, ThinkingLevel } from "pi-kernel";

export interface SessionHeader {
  type: "session";
  version?: number;
  id: string;
  timestamp: string;
  cwd: string;
  parentSession?: string;
}

interface Base {
  id: string;
  parentId: string | null;
  timestamp: string;
}

export interface MessageEntry extends Base {
  type: "message";
  message: AgentMessage;
}
export interface ModelChangeEntry extends Base {
  type: "model_change";
  provider: string;
  modelId: string;
}
export interface ThinkingLevelChangeEntry extends Base {
  type: "thinking_level_change";
  thinkingLevel: ThinkingLevel;
}
export interface CompactionEntry<D = unknown> extends Base {
  type: "compaction";
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: D;
  fromHook?: boolean;
  /** pi 0.74+: the system prompt and tools at the compaction (a `system` message), first in the compacted context. */
  systemMessage?: AgentMessage;
  /** pi 0.74+: what writing the summary cost. */
  usage?: unknown;
}
export interface BranchSummaryEntry<D = unknown> extends Base {
  type: "branch_summary";
  fromId: string;
  summary: string;
  details?: D;
  fromHook?: boolean;
}
export interface CustomEntry extends Base {
  type: "custom";
  customType: string;
  data?: unknown;
}
export interface CustomMessageEntry extends Base {
  type: "custom_message";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: unknown;
}
export interface LabelEntry extends Base {
  type: "label";
  targetId: string;
  label: string | undefined;
}
export interface SessionInfoEntry extends Base {
  type: "session_info";
  name?: string;
}
/** pi 0.74+: model usage outside the conversation (e.g. `kind: "cache_warm"`); not part of the context. */
export interface UsageEntry extends Base {
  type: "usage";
  kind: string;
  provider?: string;
  model?: string;
  usage?: unknown;
}

export type SessionEntry =
  | MessageEntry
  | ModelChangeEntry
  | ThinkingLevelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | UsageEntry;

export type EntryType = SessionEntry["type"];

/** An entry's content without the tree fields, as callers hand it to `append`. */
export type NewEntry = SessionEntry extends infer E ? (E extends SessionEntry ? Omit<E, "id" | "parentId" | "timestamp"> : never) : never;

/** A problem found while reading a file: the 1-based line number and what was wrong. */
export interface ReadProblem {
  line: number;
  message: string;
}
