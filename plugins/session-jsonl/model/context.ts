// What the model sees of a session: the active path from the root to the leaf, with the latest
// compaction's summary standing in for everything before its first kept entry; and the model
// and thinking level last set along that path. As in pi 0.86, a compaction's `systemMessage`
// checkpoint comes first and `system` messages in the kept range are left out (the checkpoint
// replaces them); entries that are no message (usage, custom, unknown types) add nothing.
//
// A never-compacted session's path is every entry (100,000 in a long one), and these run once per
// resume in a fresh process: each walks the path once, reading the index nodes (one shape) where it
// can rather than the entries (a shape per kind), and the settings are looked for from the leaf back.
import type { AgentMessage, ThinkingLevel } from "pi-kernel";
import { entryMessage, isSystemEntry, keptStart, latestCompaction } from "../../../lib/session-kit/index.js";
import type { SessionContext } from "../../../contracts/sessions.js";
import type { SessionEntry } from "../../../contracts/session-entries.js";

/** A path element as the index holds it: its type, and its entry when in memory. */
export interface PathNode {
  type: string;
  entry?: SessionEntry;
}

type Settings = Omit<SessionContext, "messages">;

/** The settings found along the path: pass only the small entries if that is all you have. */
export function pathSettings(path: readonly SessionEntry[]): Settings {
  return nodeSettings(path.map((entry) => ({ type: entry.type, entry })));
}

/**
 * The thinking level and model last set along `path` by the entries in memory: a thinking level
 * change; a model change, or an assistant message that names its provider and model. A caller that
 * knows the path holds no thinking level change says so (`thinkingChanges` false): the search then
 * ends at the model's source instead of walking every node back to the root for a change that
 * is not there (a never-compacted session's 100,000 of them: a pass over objects all over the heap).
 */
export function nodeSettings(path: readonly PathNode[], thinkingChanges = true): Settings {
  let thinkingLevel: ThinkingLevel = "off";
  let model: Settings["model"];
  let thinkingFound = !thinkingChanges;
  let modelFound = false;
  for (let i = path.length - 1; i >= 0 && !(thinkingFound && modelFound); i--) {
    const { type, entry: e } = path[i];
    if (type === "thinking_level_change") {
      if (thinkingFound || e?.type !== "thinking_level_change") continue;
      thinkingLevel = e.thinkingLevel;
      thinkingFound = true;
    } else if (modelFound) continue;
    else if (type === "model_change" && e?.type === "model_change") {
      model = { provider: e.provider, modelId: e.modelId };
      modelFound = true;
    } else if (type === "message" && e?.type === "message" && e.message.role === "assistant") {
      const m = e.message as { provider?: string; model?: string };
      if (m.provider && m.model) {
        model = { provider: m.provider, modelId: m.model };
        modelFound = true;
      }
    }
  }
  return { model, thinkingLevel };
}

/** Messages for `path` (root first). Entries before the kept part may be left unloaded (undefined). */
export function contextMessages(path: readonly (SessionEntry | undefined)[], types: readonly { type: string }[]): AgentMessage[] {
  const c = latestCompaction(types);
  const first = c < 0 ? 0 : keptStart(path, c, (path[c] as Compaction).firstKeptEntryId);
  return messagesOn(path.length, (i) => path[i], c, first);
}

/**
 * `contextMessages` for index nodes whose latest compaction is at `c` (-1: none) and whose kept
 * part starts at `first` (session.ts has found both to load that part).
 */
export function nodeMessages(path: readonly PathNode[], c: number, first: number): AgentMessage[] {
  // A first kept entry that could not be read counts as not found, as contextMessages has it.
  return messagesOn(path.length, (i) => path[i].entry, c, first < c && !path[first].entry ? c : first);
}

type Compaction = Extract<SessionEntry, { type: "compaction" }>;

function messagesOn(length: number, at: (i: number) => SessionEntry | undefined, c: number, first: number): AgentMessage[] {
  const out: AgentMessage[] = [];
  const add = (e: SessionEntry | undefined) => {
    const m = e && entryMessage(e);
    if (m) out.push(m);
  };
  if (c < 0) {
    for (let i = 0; i < length; i++) add(at(i));
    return out;
  }
  const compaction = at(c) as Compaction;
  if (compaction.systemMessage) out.push(compaction.systemMessage);
  add(compaction);
  for (let i = first; i < c; i++) {
    const e = at(i);
    if (!isSystemEntry(e)) add(e);
  }
  for (let i = c + 1; i < length; i++) add(at(i));
  return out;
}
