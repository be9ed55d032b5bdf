// pi's session file format (version 3) as pi's exported helpers read it: parse JSONL text,
// upgrade version 1 and 2 entries in place, and turn a branch of the entry tree into the
// conversation the model sees (the latest compaction's summary, then the kept entries after it).
import { randomUUID } from "node:crypto";
import type { AgentMessage } from "pi-kernel";
import type { CompactionEntry, SessionEntry, SessionHeader } from "../../../../../contracts/session-entries.js";

export const CURRENT_SESSION_VERSION = 3;
export type FileEntry = SessionHeader | SessionEntry;
export interface SessionContext {
  messages: AgentMessage[];
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
}
type Raw = Record<string, unknown>;

/** One entry per parseable line; malformed lines are skipped, as pi does. */
export function parseSessionEntries(content: string): FileEntry[] {
  const out: FileEntry[] = [];
  for (const line of content.trim().split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as FileEntry);
    } catch {
      // skipped
    }
  }
  return out;
}

/** Upgrades entries to version 3 in place: ids and a parent chain (v1), "hookMessage" → "custom" (v2). */
export function migrateSessionEntries(entries: FileEntry[]): void {
  const header = entries.find((e) => e.type === "session") as Raw | undefined;
  const version = typeof header?.version === "number" ? header.version : 1;
  if (version >= CURRENT_SESSION_VERSION) return;
  const raw = entries as unknown as Raw[];
  if (version < 2) {
    let previous: string | null = null;
    for (const e of raw) {
      if (e.type === "session") continue;
      e.id = randomUUID().slice(0, 8);
      e.parentId = previous;
      previous = e.id as string;
    }
    for (const e of raw) {
      if (e.type !== "compaction" || typeof e.firstKeptEntryIndex !== "number") continue;
      const kept = raw[e.firstKeptEntryIndex];
      if (kept && kept.type !== "session") e.firstKeptEntryId = kept.id;
      delete e.firstKeptEntryIndex;
    }
  }
  for (const e of raw) {
    const m = e.message as Raw | undefined;
    if (e.type === "message" && m?.role === "hookMessage") m.role = "custom";
  }
  if (header) header.version = CURRENT_SESSION_VERSION;
}

export function getLatestCompactionEntry(entries: SessionEntry[]): CompactionEntry | null {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.type === "compaction") return entries[i] as CompactionEntry;
  return null;
}

/** Root → leaf (the last entry when no leaf is given; none for `null`). */
export function branchPath(entries: SessionEntry[], leafId?: string | null, byId?: Map<string, SessionEntry>): SessionEntry[] {
  if (leafId === null) return [];
  const index = byId ?? new Map(entries.map((e) => [e.id, e]));
  const path: SessionEntry[] = [];
  let e: SessionEntry | undefined = (leafId ? index.get(leafId) : undefined) ?? entries[entries.length - 1];
  while (e) {
    path.push(e);
    e = e.parentId ? index.get(e.parentId) : undefined;
  }
  return path.reverse();
}

const time = (t: string) => new Date(t).getTime();

/** What one entry contributes to the model's context (plain custom entries contribute nothing). */
export function sessionEntryToContextMessages(entry: SessionEntry): AgentMessage[] {
  switch (entry.type) {
    case "message":
      return [entry.message];
    case "custom_message":
      return [
        {
          role: "custom",
          customType: entry.customType,
          content: entry.content ?? [],
          display: entry.display,
          details: entry.details,
          timestamp: time(entry.timestamp),
        } as unknown as AgentMessage,
      ];
    case "branch_summary":
      return entry.summary
        ? [
            {
              role: "branchSummary",
              summary: entry.summary,
              fromId: entry.fromId,
              timestamp: time(entry.timestamp),
            } as unknown as AgentMessage,
          ]
        : [];
    case "compaction": {
      const summary = {
        role: "compactionSummary",
        summary: entry.summary,
        tokensBefore: entry.tokensBefore,
        timestamp: time(entry.timestamp),
      } as unknown as AgentMessage;
      return entry.systemMessage ? [entry.systemMessage, summary] : [summary];
    }
    default:
      return [];
  }
}

/** The branch's entries as the context holds them: the latest compaction, the kept ones, then the rest. */
export function buildContextEntries(entries: SessionEntry[], leafId?: string | null, byId?: Map<string, SessionEntry>): SessionEntry[] {
  const path = branchPath(entries, leafId, byId);
  const at = path.map((e) => e.type).lastIndexOf("compaction");
  if (at < 0) return path;
  const compaction = path[at] as CompactionEntry;
  const kept = path.findIndex((e) => e.id === compaction.firstKeptEntryId);
  const before = kept >= 0 && kept < at ? path.slice(kept, at) : [];
  const isSystem = (e: SessionEntry) => e.type === "message" && (e.message as { role: string }).role === "system";
  return [compaction, ...before.filter((e) => !isSystem(e)), ...path.slice(at + 1)];
}

export function buildSessionContext(entries: SessionEntry[], leafId?: string | null, byId?: Map<string, SessionEntry>): SessionContext {
  let thinkingLevel = "off";
  let model: SessionContext["model"] = null;
  for (const e of branchPath(entries, leafId, byId)) {
    if (e.type === "thinking_level_change") thinkingLevel = e.thinkingLevel;
    else if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
    else if (e.type === "message" && e.message.role === "assistant") {
      const m = e.message as { provider: string; model: string };
      model = { provider: m.provider, modelId: m.model };
    }
  }
  return { messages: buildContextEntries(entries, leafId, byId).flatMap(sessionEntryToContextMessages), thinkingLevel, model };
}

/** pi 1.x: the context entries with the messages each contributes, plus the session context. */
export function buildSessionProjection(entries: SessionEntry[], leafId?: string | null, byId?: Map<string, SessionEntry>) {
  const projected = buildContextEntries(entries, leafId, byId).map((sourceEntry) => ({
    sourceEntry,
    messages: sessionEntryToContextMessages(sourceEntry),
  }));
  return { entries: projected, ...buildSessionContext(entries, leafId, byId) };
}
