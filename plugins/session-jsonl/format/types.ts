// The session format's values; its shapes are contracts (contracts/session-entries.ts).
import type { EntryType } from "../../../contracts/session-entries.js";

export const CURRENT_VERSION = 3;

export const ENTRY_TYPES: ReadonlySet<string> = new Set<EntryType>([
  "message",
  "model_change",
  "thinking_level_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
  "usage",
]);
