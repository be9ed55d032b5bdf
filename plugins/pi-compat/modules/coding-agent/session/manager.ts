// pi's SessionManager: a session as an append-only tree of entries in a JSONL file (or in memory).
// Appending makes a child of the current leaf; branching moves the leaf back. As in pi, a new
// file is written only once the first assistant message arrives (a session nobody answered
// leaves no file), then every entry is appended as it comes.
import { randomBytes, randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { AgentMessage } from "pi-kernel";
import type { SessionEntry, SessionHeader } from "../../../../../contracts/session-entries.js";
import { buildContextEntries, buildSessionContext, CURRENT_SESSION_VERSION, type FileEntry } from "./format.js";
import { defaultSessionDir, listSessions, loadEntriesFromFile, mostRecentSession, type SessionInfo } from "./files.js";

export interface NewSessionOptions {
  id?: string;
  parentSession?: string;
}
type Draft = Record<string, unknown> & { type: SessionEntry["type"] };

/** A time-ordered id (UUID v7), as pi names sessions. */
function uuidv7(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class SessionManager {
  private header!: SessionHeader;
  private entries: SessionEntry[] = [];
  private byId = new Map<string, SessionEntry>();
  private leafId: string | null = null;
  private flushed = false;
  private sessionFile: string | undefined;

  private constructor(
    private readonly cwd: string,
    private readonly sessionDir: string,
    file: string | undefined,
    private readonly persist: boolean,
    options?: NewSessionOptions,
    preloaded?: FileEntry[],
  ) {
    const loaded = preloaded ?? (file ? loadEntriesFromFile(file) : []);
    if (loaded[0]?.type === "session") {
      this.header = loaded[0] as SessionHeader;
      for (const e of loaded.slice(1) as SessionEntry[]) this.index(e);
      this.sessionFile = file;
      this.flushed = !!file && existsSync(file);
    } else {
      this.newSession(options);
      if (file) this.sessionFile = file;
    }
  }

  static create(cwd: string, sessionDir?: string, options?: NewSessionOptions): SessionManager {
    return new SessionManager(cwd, sessionDir ? resolve(sessionDir) : defaultSessionDir(cwd), undefined, true, options);
  }
  static open(path: string, sessionDir?: string, cwdOverride?: string): SessionManager {
    const file = resolve(path);
    const header = loadEntriesFromFile(file)[0] as SessionHeader | undefined;
    return new SessionManager(cwdOverride ?? header?.cwd ?? process.cwd(), sessionDir ? resolve(sessionDir) : dirname(file), file, true);
  }
  static continueRecent(cwd: string, sessionDir?: string): SessionManager {
    const dir = sessionDir ? resolve(sessionDir) : defaultSessionDir(cwd);
    return new SessionManager(cwd, dir, mostRecentSession(dir, sessionDir ? cwd : undefined), true);
  }
  static inMemory(cwd = process.cwd(), options?: NewSessionOptions, entries?: FileEntry[]): SessionManager {
    return new SessionManager(cwd, "", undefined, false, options, entries);
  }
  static async list(cwd: string, sessionDir?: string): Promise<SessionInfo[]> {
    return listSessions(sessionDir ? resolve(sessionDir) : defaultSessionDir(cwd));
  }
  static findById(cwd: string, id: string, sessionDir?: string): string | undefined {
    return listSessions(sessionDir ? resolve(sessionDir) : defaultSessionDir(cwd)).find((s) => s.id === id)?.path;
  }

  newSession(options: NewSessionOptions = {}): string | undefined {
    const timestamp = new Date().toISOString();
    this.header = {
      type: "session",
      version: CURRENT_SESSION_VERSION,
      id: options.id ?? uuidv7(),
      timestamp,
      cwd: this.cwd,
      parentSession: options.parentSession,
    };
    this.entries = [];
    this.byId.clear();
    this.leafId = null;
    this.flushed = false;
    this.sessionFile = this.persist ? join(this.sessionDir, `${timestamp.replace(/[:.]/g, "-")}_${this.header.id}.jsonl`) : undefined;
    return this.sessionFile;
  }
  setSessionFile(file: string): void {
    const other = SessionManager.open(file, this.sessionDir, this.cwd);
    Object.assign(this, {
      header: other.header,
      entries: other.entries,
      byId: other.byId,
      leafId: other.leafId,
      flushed: other.flushed,
      sessionFile: other.sessionFile,
    });
  }

  isPersisted = () => this.persist;
  getCwd = () => this.cwd;
  getSessionDir = () => this.sessionDir;
  getSessionId = () => this.header.id;
  getSessionFile = () => this.sessionFile;
  getHeader = (): SessionHeader | null => this.header;
  getEntries = (): SessionEntry[] => [...this.entries];
  getLeafId = () => this.leafId;
  getLeafEntry = () => (this.leafId ? this.byId.get(this.leafId) : undefined);
  getEntry = (id: string) => this.byId.get(id);
  getChildren = (parentId: string) => this.entries.filter((e) => e.parentId === parentId);

  appendMessage(message: AgentMessage): string {
    return this.append({ type: "message", message });
  }
  appendThinkingLevelChange(thinkingLevel: string): string {
    return this.append({ type: "thinking_level_change", thinkingLevel });
  }
  appendModelChange(provider: string, modelId: string): string {
    return this.append({ type: "model_change", provider, modelId });
  }
  appendCompaction(summary: string, firstKeptEntryId: string, tokensBefore: number, details?: unknown, fromHook?: boolean): string {
    return this.append({ type: "compaction", summary, firstKeptEntryId, tokensBefore, details, fromHook });
  }
  appendCustomEntry(customType: string, data?: unknown): string {
    return this.append({ type: "custom", customType, data });
  }
  appendCustomMessageEntry(customType: string, content: unknown, display: boolean, details?: unknown): string {
    return this.append({ type: "custom_message", customType, content, display, details });
  }
  appendSessionInfo(name: string): string {
    return this.append({ type: "session_info", name: name.trim() });
  }
  appendLabelChange(targetId: string, label: string | undefined): string {
    if (!this.byId.has(targetId)) throw new Error(`Entry ${targetId} not found`);
    return this.append({ type: "label", targetId, label });
  }
  getSessionName(): string | undefined {
    const info = this.entries.filter((e) => e.type === "session_info").at(-1);
    return info?.type === "session_info" ? info.name || undefined : undefined;
  }
  getLabel(id: string): string | undefined {
    const label = this.entries.filter((e) => e.type === "label" && e.targetId === id).at(-1);
    return label?.type === "label" ? label.label : undefined;
  }

  /** Root → `fromId` (default: the leaf). */
  getBranch(fromId?: string): SessionEntry[] {
    const path: SessionEntry[] = [];
    let e = (fromId ?? this.leafId) ? this.byId.get((fromId ?? this.leafId)!) : undefined;
    while (e) {
      path.unshift(e);
      e = e.parentId ? this.byId.get(e.parentId) : undefined;
    }
    return path;
  }
  buildContextEntries = () => buildContextEntries(this.entries, this.leafId, this.byId);
  buildSessionContext = () => buildSessionContext(this.entries, this.leafId, this.byId);
  getTree(): { entry: SessionEntry; children: unknown[]; label?: string }[] {
    const node = (entry: SessionEntry): { entry: SessionEntry; children: unknown[]; label?: string } => ({
      entry,
      children: this.getChildren(entry.id).map(node),
      label: this.getLabel(entry.id),
    });
    return this.entries.filter((e) => !e.parentId || !this.byId.has(e.parentId)).map(node);
  }

  branch(branchFromId: string): void {
    if (!this.byId.has(branchFromId)) throw new Error(`Entry ${branchFromId} not found`);
    this.leafId = branchFromId;
  }
  resetLeaf(): void {
    this.leafId = null;
  }
  branchWithSummary(branchFromId: string | null, summary: string, details?: unknown, fromHook?: boolean): string {
    if (branchFromId !== null && !this.byId.has(branchFromId)) throw new Error(`Entry ${branchFromId} not found`);
    this.leafId = branchFromId;
    return this.append({ type: "branch_summary", fromId: branchFromId ?? "root", summary, details, fromHook });
  }

  private index(e: SessionEntry): void {
    this.entries.push(e);
    this.byId.set(e.id, e);
    this.leafId = e.id;
  }

  private append(draft: Draft): string {
    let id = randomUUID().slice(0, 8);
    while (this.byId.has(id)) id = randomUUID().slice(0, 8);
    const entry = { ...draft, id, parentId: this.leafId, timestamp: new Date().toISOString() } as unknown as SessionEntry;
    this.index(entry);
    this.write(entry);
    return id;
  }

  /** Nothing reaches disk before the first assistant message; then the whole file, then appends. */
  private write(entry: SessionEntry): void {
    if (!this.persist || !this.sessionFile) return;
    if (!this.flushed) {
      if (!this.entries.some((e) => e.type === "message" && e.message.role === "assistant")) return;
      mkdirSync(dirname(this.sessionFile), { recursive: true });
      writeFileSync(this.sessionFile, [this.header, ...this.entries].map((e) => `${JSON.stringify(e)}\n`).join(""), { flag: "wx" });
      this.flushed = true;
      return;
    }
    appendFileSync(this.sessionFile, `${JSON.stringify(entry)}\n`);
  }
}
