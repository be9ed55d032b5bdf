// The contract between the compaction runner (in the session plugin) and strategies, which are
// plugins registering `api.register.compactor(...)`; `compaction.strategy` picks one by name.
import type { Model, ThinkingLevel } from "pi-kernel";
import type { CompactionPreparation } from "./prepare.js";

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
