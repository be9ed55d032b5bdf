// The contract between the compaction runner and strategies lives in contracts/compaction.ts.
export type { CompactionRequest, CompactionOutcome, CompactorDef } from "../../../contracts/compaction.js";
