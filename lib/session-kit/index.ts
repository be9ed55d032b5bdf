// The session toolkit: pure helpers over pi's conversation and session entries that several
// plugins share (the session store, compaction strategies, the user shell, pi-compat). It holds
// no state and knows no file format; code outside this folder imports it only through here.
export { COMPACTION_PREFIX, BRANCH_PREFIX, toLlm, convertToLlm, bashText, entryMessage, textOf } from "./convert.js";
export { BRANCH_PREFIX as BRANCH_SUMMARY_PREFIX, abandoned, summarizeBranch } from "./branch-summary.js";
export { complete, type SummaryCall } from "./llm.js";
export { findCutPoint, isValidCut, type CutPoint } from "./compaction/cut.js";
export { FileTracker, formatFileLists } from "./compaction/files.js";
export { DEFAULT_SETTINGS, compactionSettings, prepareCompaction } from "./compaction/prepare.js";
export { serializeConversation, truncate } from "./compaction/serialize.js";
export { estimateTokens, usageTokens, contextTokens } from "./compaction/tokens.js";
export { type PiTreeNode, piSessionTree } from "./pi-tree.js";
export { uniquePrefixes } from "./id-prefix.js";
export { isSystemEntry, keptStart, latestCompaction } from "./context-span.js";
export { ATIF_VERSION, type AtifTrajectory, branchTo, toAtif } from "./atif.js";
