// The events plugins publish on the event hook beyond the loop's own, in pi's shapes (the JSON
// stream and RPC clients see them as they are). Declared here so `isEvent(e, "compaction_end")`
// narrows to the fields below. The kernel's own (agent_settled, queue_update, model_select,
// thinking_level_select) are declared with the loop's in kernel/types.ts.
import type { CompactionReason } from "./compaction.js";

declare module "pi-kernel" {
  interface CustomEvents {
    /** session-jsonl's compaction runner starts compacting. */
    compaction_start: { reason: CompactionReason };
    /** It ended: `result` when it worked, `errorMessage` when it did not. */
    compaction_end: {
      reason: CompactionReason;
      aborted: boolean;
      willRetry: boolean;
      result?: { summary: string; firstKeptEntryId: string; tokensBefore: number; details?: unknown };
      errorMessage?: string;
    };
    /** A provider request failed with a transient error and is retried after `delayMs`. */
    auto_retry_start: { attempt: number; maxAttempts: number; delayMs: number; errorMessage: string };
    /** A retried request finally worked or gave up. */
    auto_retry_end: { success: boolean; attempt: number; finalError?: string };
    /** The session's display name changed (pi's /name). */
    session_info_changed: { name?: string };
    /** An interactive UI opened (`open: true`) or closed a question for the person: a permission prompt, select, confirm, input. */
    ui_dialog: { title: string; open: boolean };
  }
}
