// Where pi keeps session files and what it reads from them: the default folder for a cwd
// (<agentDir>/sessions/--<cwd>--), loading a file's entries (a file without a session header is
// not a session), the most recent session of a folder, and the summaries `SessionManager.list`
// returns (first user message, message count, name, last activity). pi's SessionInfo is its own
// type on purpose: it reads whole files (message count, all text for search, last message time),
// while the session store's (contracts/sessions.ts) is a picker listing from 64 KB slices (size, mtime).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SessionEntry, SessionHeader } from "../../../../../contracts/session-entries.js";
import { getAgentDir } from "../config.js";
import { type FileEntry, migrateSessionEntries, parseSessionEntries } from "./format.js";

export interface SessionInfo {
  path: string;
  id: string;
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  modified: Date;
  messageCount: number;
  firstMessage: string;
  allMessagesText: string;
}

export function defaultSessionDir(cwd: string, agentDir = getAgentDir()): string {
  const folder = `--${resolve(cwd)
    .replace(/^[/\\]/, "")
    .replace(/[/\\:]/g, "-")}--`;
  const dir = join(resolve(agentDir), "sessions", folder);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A file's entries, migrated to version 3; [] when it is missing or not a session file. */
export function loadEntriesFromFile(path: string): FileEntry[] {
  if (!existsSync(path)) return [];
  const entries = parseSessionEntries(readFileSync(path, "utf8"));
  const header = entries[0] as Partial<SessionHeader> | undefined;
  if (header?.type !== "session" || typeof header.id !== "string") return [];
  migrateSessionEntries(entries);
  return entries;
}

export function sessionFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

export function mostRecentSession(dir: string, cwd?: string): string | undefined {
  return sessionFiles(dir)
    .map((path) => ({ path, info: sessionInfo(path) }))
    .filter((s) => s.info && (!cwd || s.info.cwd === resolve(cwd)))
    .sort((a, b) => b.info!.modified.getTime() - a.info!.modified.getTime())[0]?.path;
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content
          .filter((c: { type?: string }) => c?.type === "text")
          .map((c: { text: string }) => c.text)
          .join(" ")
      : "";

export function sessionInfo(path: string): SessionInfo | undefined {
  const entries = loadEntriesFromFile(path);
  const header = entries[0] as SessionHeader | undefined;
  if (!header) return undefined;
  let name: string | undefined;
  let last = 0;
  const texts: string[] = [];
  let firstMessage = "";
  let messageCount = 0;
  for (const e of entries.slice(1) as SessionEntry[]) {
    if (e.type === "session_info") name = e.name?.trim() || undefined;
    if (e.type !== "message") continue;
    messageCount++;
    const m = e.message as { role: string; content?: unknown; timestamp?: number };
    if (typeof m.timestamp === "number") last = Math.max(last, m.timestamp);
    if (m.role !== "user" && m.role !== "assistant") continue;
    const text = textOf(m.content);
    if (!text) continue;
    texts.push(text);
    if (!firstMessage && m.role === "user") firstMessage = text;
  }
  const created = new Date(header.timestamp);
  return {
    path,
    id: header.id,
    cwd: typeof header.cwd === "string" ? header.cwd : "",
    name,
    parentSessionPath: header.parentSession,
    created,
    modified: last > 0 ? new Date(last) : Number.isNaN(created.getTime()) ? statSync(path).mtime : created,
    messageCount,
    firstMessage: firstMessage || "(no messages)",
    allMessagesText: texts.join(" "),
  };
}

export function listSessions(dir: string): SessionInfo[] {
  return sessionFiles(dir)
    .map(sessionInfo)
    .filter((s): s is SessionInfo => !!s)
    .sort((a, b) => b.modified.getTime() - a.modified.getTime());
}
