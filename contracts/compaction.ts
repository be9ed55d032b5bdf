// Compaction: the "compaction" service (provided by session-jsonl: when and how the session is
// compacted) and the `compactor` contribution kind (strategies: what the summary says).
import type { AgentMessage, Model, ThinkingLevel } from "pi-kernel";
import type { CompactionEntry } from "./session-entries.js";

export interface CompactionService {
  /** Compacts now; rejects with the reason when it cannot (nothing to compact, no strategy, LLM error). */
  compact(customInstructions?: string): Promise<CompactionEntry>;
  readonly isCompacting: boolean;
  abort(): void;
  /** Resolves when no compaction or overflow retry is pending. */
  idle(): Promise<void>;
}

/** Why a compaction runs: the user asked, the context passed the threshold, or the provider overflowed. */
export type CompactionReason = "manual" | "threshold" | "overflow";

export interface CompactionSettings {
  enabled: boolean;
  reserveTokens: number;
  keepRecentTokens: number;
  strategy: string;
}
/** Files the summarised part read and changed (cumulative across compactions). */
export interface FileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

export interface CompactionPreparation {
  firstKeptEntryId: string;
  /** Messages the summary replaces (before the cut, or before the split turn's start). */
  messagesToSummarize: AgentMessage[];
  /** The start of a turn the cut splits (summarised separately), else empty. */
  turnPrefixMessages: AgentMessage[];
  isSplitTurn: boolean;
  /** The messages kept after the cut. */
  keptMessages: AgentMessage[];
  tokensBefore: number;
  previousSummary?: string;
  files: FileLists;
  settings: CompactionSettings;
}

export interface CompactionRequest {
  preparation: CompactionPreparation;
  model: Model | undefined;
  thinkingLevel: ThinkingLevel;
  customInstructions?: string;
  signal: AbortSignal;
}

export interface CompactionOutcome {
  summary: string;
  /** Stored on the compaction entry; strategies keep `readFiles`/`modifiedFiles` there. */
  details?: unknown;
}

export interface CompactorDef {
  name: string;
  description?: string;
  compact(request: CompactionRequest): Promise<CompactionOutcome>;
}

declare module "pi-kernel" {
  interface Services {
    compaction: CompactionService;
  }
  interface Contributions {
    compactor: CompactorDef;
  }
}
