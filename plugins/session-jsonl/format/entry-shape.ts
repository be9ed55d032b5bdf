// The shape every session entry must have to be loaded, and the repairs that keep an entry rather
// than drop it: message content in the form each role needs (an assistant's or tool result's string
// content becomes a text part, parts that are not content are removed, null content is empty), and
// an assistant message's missing usage zeroed. Used when a file is read and before an entry is
// stored, so neither a damaged file nor a plugin can leave an entry that breaks a later resume.
import { emptyUsage } from "pi-kernel";
import type { SessionEntry } from "../../../contracts/session-entries.js";

export type Checked = { ok: true; entry: SessionEntry; fixed: boolean } | { ok: false; reason: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === "string";

/**
 * Checks (and where possible repairs, on a copy) one entry already parsed from JSON. An intact
 * entry is returned as it is, not copied: resuming a long session checks every entry it loads.
 */
export function checkEntry(value: unknown): Checked {
  if (!isObj(value)) return bad("it is not an object");
  if (!str(value.type)) return bad("it has no type");
  if (!str(value.id) || value.id === "") return bad("it has no id");
  if (value.parentId !== null && value.parentId !== undefined && !str(value.parentId)) return bad("its parentId is not an id");
  // The repairs, applied to a copy at the end (a key set to undefined is removed). Made only when
  // needed: an intact entry (nearly all of them) allocates nothing here (no closure over `patch`
  // either: one was made for every entry, ~15% of this check's time on a 100,000-entry resume).
  let patch: Obj | undefined;
  if (value.parentId === undefined) patch = put(patch, "parentId", null);
  if (!str(value.timestamp)) patch = put(patch, "timestamp", new Date(0).toISOString());
  const e = value;
  switch (e.type) {
    case "message": {
      const m = checkMessage(e.message);
      if (typeof m === "string") return bad(m);
      if (m.fixed) patch = put(patch, "message", m.message);
      break;
    }
    case "compaction":
      if (!str(e.summary) || !str(e.firstKeptEntryId)) return bad("a compaction needs summary and firstKeptEntryId");
      if (typeof e.tokensBefore !== "number") patch = put(patch, "tokensBefore", 0);
      if (e.systemMessage !== undefined) {
        const m = checkMessage(e.systemMessage);
        if (typeof m === "string" || (m.message as { role: string }).role !== "system") patch = put(patch, "systemMessage", undefined);
        else if (m.fixed) patch = put(patch, "systemMessage", m.message);
      }
      break;
    case "branch_summary":
      if (!str(e.summary)) return bad("a branch summary needs a summary");
      break;
    case "custom_message": {
      const c = content(e.content, true);
      if (c !== UNCHANGED) patch = put(patch, "content", c);
      if (typeof e.display !== "boolean") patch = put(patch, "display", true);
      break;
    }
    case "model_change":
      if (!str(e.provider) || !str(e.modelId)) return bad("a model change needs provider and modelId");
      break;
    case "thinking_level_change":
      if (!str(e.thinkingLevel)) return bad("a thinking level change needs a level");
      break;
    case "label":
      if (!str(e.targetId)) return bad("a label needs a targetId");
      break;
  }
  if (!patch) return { ok: true, entry: value as unknown as SessionEntry, fixed: false };
  const copy: Obj = { ...value, ...patch };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete copy[key];
  return { ok: true, entry: copy as unknown as SessionEntry, fixed: true };
}

/** `patch` (made when first needed) with `key` set to `v`. */
function put(patch: Obj | undefined, key: string, v: unknown): Obj {
  const p = patch ?? {};
  p[key] = v;
  return p;
}

/** A message with the content its role needs, or why it cannot be one. */
export function checkMessage(value: unknown): { message: never; fixed: boolean } | string {
  if (!isObj(value)) return "its message is not an object";
  if (!str(value.role)) return "its message has no role";
  const role = value.role;
  if (role === "toolResult" && !str(value.toolCallId)) return "its tool result has no toolCallId";
  // The repairs; an intact message (nearly all of them) is returned as it is, not copied: callers
  // compare the agent's messages by identity, and resuming a long session checks every one.
  let patch: Obj | undefined;
  if (role === "user" || role === "assistant" || role === "toolResult" || role === "system" || role === "custom") {
    // user, system and custom content may be a string; assistant and tool result content are parts.
    const c = content(value.content, role !== "assistant" && role !== "toolResult", role === "assistant");
    if (c !== UNCHANGED) patch = { content: c };
  }
  if (role === "assistant") {
    if (!isObj(value.usage) || !isObj(value.usage.cost)) (patch ??= {}).usage = emptyUsage();
    if (!str(value.stopReason)) (patch ??= {}).stopReason = "stop";
  }
  return patch ? { message: { ...value, ...patch } as never, fixed: true } : { message: value as never, fixed: false };
}

/** What `content` returns for content that needs no repair (no result object per message). */
const UNCHANGED = Symbol("unchanged");

/** The repaired content, or UNCHANGED. */
function content(value: unknown, stringOk: boolean, assistant = false): unknown {
  if (value === null || value === undefined) return stringOk ? "" : [];
  if (str(value)) return stringOk ? UNCHANGED : value ? [{ type: "text", text: value }] : [];
  if (!Array.isArray(value)) return stringOk ? "" : [];
  if (allParts(value, assistant)) return UNCHANGED;
  const parts = value.filter((p) => isPart(p, assistant));
  let fixed = parts.length !== value.length;
  // A tool call's arguments are an object (providers serialise them).
  const withArgs = parts.map((p) => {
    if (p.type !== "toolCall" || isObj(p.arguments)) return p;
    fixed = true;
    return { ...p, arguments: {} };
  });
  return fixed ? withArgs : UNCHANGED;
}

/** Whether every part is intact (a loop, not `every` with a closure: this runs per message on resume). */
function allParts(parts: readonly unknown[], assistant: boolean): boolean {
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!isPart(p, assistant) || (p.type === "toolCall" && !isObj(p.arguments))) return false;
  }
  return true;
}

function isPart(p: unknown, assistant: boolean): p is Obj {
  if (!isObj(p)) return false;
  if (p.type === "text") return str(p.text);
  if (p.type === "image") return str(p.data) && str(p.mimeType);
  if (!assistant) return false;
  if (p.type === "thinking") return str(p.thinking);
  if (p.type === "toolCall") return str(p.id) && str(p.name);
  return false;
}

function bad(reason: string): Checked {
  return { ok: false, reason };
}
