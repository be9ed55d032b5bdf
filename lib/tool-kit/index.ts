// Helpers for writing tools, the one entry point plugins import: paths as tools resolve them,
// safe writes (new files atomic, existing ones in place with a backup), file checks that refuse
// anything but regular files, the per-file mutation queue (stateless; the shared one is the
// "file-mutations" service), running shell commands in their own process group with bounded
// output and an environment without provider keys, output limits and truncation, marking a
// tool deferred (found with tool_search), and the search engine behind the grep and find tools
// (ripgrep or a gitignore-aware built-in walk, and pi's grep line format).
export { writeFileAtomic, writeFileSafely } from "./files/safe-write.js";
export { type DiffSummary, summariseChange } from "./files/change-summary.js";
export { decodeUtf8, describeFsError, quote, readUtf8File, statExistingFile } from "./files/file-checks.js";
export { nonRegularKind, openRegularFile, refuseNonRegular } from "./files/regular-file.js";
export { type FileMutationsService, createFileMutationQueue, queueKey } from "../mutation-kit/index.js";
export { canonicalPath, isInside, lexicalPath, namedPath, canonicalPath as resolveToolPath } from "./files/canonical-path.js";
export { AGENT_CONFIG_ENTRIES, agentConfigReason } from "./files/agent-config.js";
export { passesProviderKeys, shellEnv, withoutVariables } from "./shell/child-env.js";
export { onAbort } from "./shell/on-abort.js";
export { OutputSink } from "./shell/output-sink.js";
export { killProcessGroup, trackProcessGroup, trackedProcessGroups } from "./shell/process-group.js";
export { type HandedOver, type RunOptions as RunCommandOptions, type RunOutcome, runCommand } from "./shell/run-command.js";
export { pickShell } from "./shell/shell.js";
export { type Throttled, throttle } from "./shell/throttle.js";
export { MAX_BYTES, MAX_LINE_CHARS, MAX_LINES, formatSize } from "./output/limits.js";
export { DEFAULT_LIMITS, HeadBudget, type Limits, type TailResult, splitLines, truncateTail } from "./output/truncate.js";
export { type DeferredTool, deferTool, isDeferred } from "./deferred.js";
export { declaredPaths } from "./declared-paths.js";
export { externalTool, rgPath } from "./search/external-tool.js";
export { grepSearch } from "./search/grep.js";
export { type FormattedMatches, type ReadText, formatMatches, grepNotices } from "./search/grep-format.js";
export type { GrepHits, GrepMatch, GrepQuery } from "./search/grep-types.js";
export { toPosix } from "./search/posix.js";
export { randomBytes } from "./random-bytes.js";
export { type WalkEntry, walk } from "./search/walk.js";
export { type BashDetails, type BashRan, type BashRun, bashTool, createBashTool, runBash } from "./tools/bash.js";
export { type BackgroundOffer, offerToBackground } from "./tools/bash-to-background.js";
export { type BashExecOptions, type BashOperations, localBashOperations } from "./tools/bash-operations.js";
export { createEditTool, type EditDetails, type EditedFile, type EditPathOptions, editPath } from "./tools/edit.js";
export { type Edit, type EditProblem, type EditWording, applyEdits, editMessages } from "./tools/edit-apply.js";
export { prepareEditArguments } from "./tools/edit-args.js";
export {
  type EditOperations,
  type FileSystemLookup,
  type ReadOperations,
  type WriteOperations,
  diskOperations,
  serviceOperations,
} from "./tools/file-access.js";
export { createReadTool, type ReadDetails, type ReadPathOptions, readPath, readTool } from "./tools/read.js";
export { createWriteTool, writePath } from "./tools/write.js";
export { buildView, originalSpan } from "./tools/text-view.js";
export { fdFor } from "./tools/backend.js";
export { type FindDetails, type FindOperations, findPath, findTool } from "./tools/find.js";
export { type GrepDetails, type GrepOperations, grepPath, grepTool } from "./tools/grep.js";
export { type LsDetails, type LsOperations, listPath, lsTool } from "./tools/ls.js";
export { isAlive, killTree, processTree } from "./shell/process-tree.js";
export { type JobGuard, startJobGuard } from "./shell/job-guard.js";
