// What the model sees of a session: the active path from the root to the leaf, with the latest
// compaction's summary standing in for everything before its first kept entry; and the model
// and thinking level last set along that path. As in pi 0.86, a compaction's `systemMessage`
// checkpoint comes first and `system` messages in the kept range are left out (the checkpoint
// replaces them); entries that are no message (usage, custom, unknown types) add nothing.
import type { AgentMessage, ThinkingLevel } from "pi-kernel";
import { entryMessage, isSystemEntry, keptStart, latestCompaction } from "../../../lib/session-kit/index.js";
import type { SessionContext } from "../../../contracts/sessions.js";
import type { SessionEntry } from "../../../contracts/session-entries.js";

/** The settings found along the path: pass only the small entries if that is all you have. */
export function pathSettings(path: readonly SessionEntry[]): Omit<SessionContext, "messages"> {
  let thinkingLevel: ThinkingLevel = "off";
  let model: SessionContext["model"];
  for (const e of path) {
    if (e.type === "thinking_level_change") thinkingLevel = e.thinkingLevel;
    else if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
    else if (e.type === "message" && e.message.role === "assistant") {
      const m = e.message as { provider?: string; model?: string };
      if (m.provider && m.model) model = { provider: m.provider, modelId: m.model };
    }
  }
  return { model, thinkingLevel };
}

/** Messages for `path` (root first). Entries before the kept part may be left unloaded (undefined). */
export function contextMessages(path: readonly (SessionEntry | undefined)[], types: readonly { type: string }[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  const add = (e: SessionEntry | undefined) => {
    const m = e && entryMessage(e);
    if (m) out.push(m);
  };
  const c = latestCompaction(types);
  if (c < 0) {
    path.forEach(add);
    return out;
  }
  const compaction = path[c] as Extract<SessionEntry, { type: "compaction" }>;
  if (compaction.systemMessage) out.push(compaction.systemMessage);
  add(compaction);
  const first = keptStart(path, c, compaction.firstKeptEntryId);
  for (let i = first; i < c; i++) if (!isSystemEntry(path[i])) add(path[i]);
  for (let i = c + 1; i < path.length; i++) add(path[i]);
  return out;
}
