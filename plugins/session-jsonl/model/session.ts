// One session: its header, its entry tree and (unless in memory only) its file. Opening indexes
// the file without keeping entry content; the context loads only what the model will see.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { keptStart, latestCompaction } from "../../../lib/session-kit/index.js";
import { nodeMessages, nodeSettings } from "./context.js";
import type { SessionContext } from "../../../contracts/sessions.js";
import type { NewEntry, ReadProblem, SessionEntry, SessionHeader } from "../../../contracts/session-entries.js";
import { checkEntry } from "../format/entry-shape.js";
import { newEntryId, uuidv7 } from "../format/ids.js";
import { migrateFile } from "../format/migrate.js";
import { sessionFileName } from "../format/paths.js";
import { indexFile, type IndexNode, indexNode } from "../format/read.js";
import { SessionFile } from "../format/session-file.js";
import { CURRENT_VERSION } from "../format/types.js";
import { EntryTree } from "./tree.js";

export type Report = (message: string, level: "info" | "warning" | "error") => void;

export interface CreateOptions {
  cwd: string;
  /** Folder for the file; undefined keeps the session in memory only. */
  dir?: string;
  /** An exact file path instead of a generated name in `dir`. */
  file?: string;
  parentSession?: string;
  report: Report;
}

export class Session {
  readonly tree: EntryTree;
  private constructor(
    readonly header: SessionHeader,
    private readonly file: SessionFile | undefined,
    readonly problems: ReadProblem[] = [],
  ) {
    this.tree = new EntryTree(file?.path);
  }

  static create(o: CreateOptions): Session {
    const at = new Date();
    const header: SessionHeader = {
      type: "session",
      version: CURRENT_VERSION,
      id: uuidv7(at.getTime()),
      timestamp: at.toISOString(),
      cwd: o.cwd,
    };
    if (o.parentSession) header.parentSession = o.parentSession;
    const path = o.file ?? (o.dir ? join(o.dir, sessionFileName(header.id, at)) : undefined);
    const file = path ? new SessionFile(path, header, { exists: false }, (m) => o.report(m, "warning")) : undefined;
    return new Session(header, file);
  }

  /** Opens an existing file (migrating old versions). Throws NotASessionError for other files. */
  static open(path: string, report: Report): Session {
    let index = indexFile(path);
    const problems: ReadProblem[] = [];
    if (index.needsMigration) {
      problems.push(...migrateFile(path));
      report(`migrated ${path} from session format v${index.version} to v${CURRENT_VERSION}`, "info");
      index = indexFile(path);
    }
    problems.push(...index.problems);
    for (const p of index.problems) report(`${path}: ${p.message}`, "warning");
    const file = new SessionFile(
      path,
      index.header,
      { exists: true, repair: { tornAt: index.tornAt, missingNewline: index.missingNewline } },
      (m) => report(m, "warning"),
    );
    const session = new Session(index.header, file, problems);
    session.tree.onUnreadable = (line) => report(`${path}: line ${line} is damaged and could not be read; skipped`, "warning");
    if (index.flat) session.tree.adopt(index.flat.index, index.flat.table);
    else for (const node of index.nodes) session.tree.add(node);
    // Entries before the file's first compaction were decoded while indexing; only the path keeps them.
    session.tree.forgetOffPath();
    return session;
  }

  get id(): string {
    return this.header.id;
  }
  get path(): string | undefined {
    return this.file?.path;
  }
  get persisted(): boolean {
    return this.file?.persisted ?? false;
  }
  get leafId(): string | null {
    return this.tree.leafId;
  }
  get name(): string | undefined {
    return this.tree.name;
  }

  /**
   * Appends under the leaf and moves the leaf to it. The file appears at the first answer: an
   * assistant message from a model (the kernel's "No model selected" failure names none). The
   * entry is checked and repaired first (content in the form its role needs), so nothing stored
   * here can make the session unloadable; one that cannot be repaired throws.
   */
  append(content: NewEntry): SessionEntry {
    // pi's key order: the tree fields first (readers index files from the lines' first bytes).
    const { type, ...rest } = content;
    const checked = checkEntry({
      type,
      id: newEntryId((id) => this.tree.has(id)),
      parentId: this.tree.leafId,
      timestamp: new Date().toISOString(),
      ...rest,
    });
    if (!checked.ok) throw new Error(`not stored in the session: a ${String(type)} entry whose ${checked.reason.replace(/^its? /, "")}`);
    const entry = checked.entry;
    const node = indexNode(entry, { line: -1, offset: -1, length: 0 });
    node.entry = entry;
    this.tree.add(node);
    const flush =
      entry.type === "message" && entry.message.role === "assistant" && (entry.message as { provider?: string }).provider !== "";
    this.file?.append(entry, flush, () => this.survivors());
    return entry;
  }

  /** Moves the leaf (null: before the first entry); the next append branches from there. */
  moveLeaf(id: string | null): void {
    if (id !== null && !this.tree.has(id)) throw new Error(`No entry ${id} in session ${this.id}`);
    this.tree.leafId = id;
  }

  /** The active path's entries, root first (loads every one: for exports and forks). */
  pathEntries(leafId: string | null = this.leafId): SessionEntry[] {
    const nodes = this.tree.pathNodes(leafId);
    const out: SessionEntry[] = [];
    for (const n of nodes) {
      const e = n.entry ?? this.tree.entry(n.id);
      // An entry re-attached when the file was loaded is copied with the parent it was given.
      if (e) out.push(e.parentId === n.parentId ? e : { ...e, parentId: n.parentId });
    }
    return out;
  }

  /** The path from the latest compaction's first kept entry (what a new compaction looks at). */
  compactionWindow(): SessionEntry[] {
    const nodes = this.tree.pathNodes();
    const window = nodes.slice(this.keptStart(nodes, latestCompaction(nodes)));
    this.tree.load(window);
    return window.map((n) => n.entry).filter((e): e is SessionEntry => e !== undefined);
  }

  /**
   * What the agent needs to continue: only the kept part of the path is loaded, and only its nodes
   * are made (a long session's path is mostly slots behind its latest compaction).
   */
  context(leafId: string | null = this.leafId): SessionContext {
    const tree = this.tree;
    const generation = tree.generation;
    const path = tree.pathSlots(leafId);
    // The latest compaction, and whether a thinking level change comes after it: with none on the
    // path (this walk covered it all) nodeSettings need not walk every node back to the root.
    let c = path.length - 1;
    let thinkingChanges = false;
    for (; c >= 0; c--) {
      const type = tree.typeAt(path[c]);
      if (type === "compaction") break;
      if (type === "thinking_level_change") thinkingChanges = true;
    }
    let k = 0;
    if (c >= 0) {
      const compaction = tree.nodeAt(path[c]);
      tree.load([compaction]);
      if (tree.generation !== generation) return this.contextOf(tree.pathNodes(leafId));
      const firstKept = (compaction.entry as { firstKeptEntryId?: string } | undefined)?.firstKeptEntryId;
      const at = firstKept === undefined ? -1 : path.indexOf(tree.slotOf(firstKept));
      k = at >= 0 && at < c ? at : c;
    }
    const kept: IndexNode[] = new Array(path.length - k);
    for (let i = k; i < path.length; i++) kept[i - k] = tree.nodeAt(path[i]);
    tree.load(kept);
    if (tree.generation === generation) this.loadModelSource(path, kept, k);
    // A damaged line dropped while reading moved the slots: the same again on the whole path.
    if (tree.generation !== generation) return this.contextOf(tree.pathNodes(leafId));
    // Model and thinking changes are always in memory; assistant messages in the kept part, and the
    // one that last set the model. Before the kept part only the nodes already made can say.
    const before: IndexNode[] = [];
    for (let i = 0; i < k; i++) {
      const n = tree.made(path[i]);
      if (n?.entry) before.push(n);
    }
    // The kept part starts the path given to nodeMessages: its compaction is at c - k and its first
    // kept entry at 0 (nothing before it is sent).
    const settings = nodeSettings(before.length === 0 ? kept : [...before, ...kept], c >= 0 || thinkingChanges);
    return { messages: nodeMessages(kept, c < 0 ? -1 : c - k, 0), ...settings };
  }

  /** The context from a path's nodes (all made). */
  private contextOf(nodes: IndexNode[]): SessionContext {
    const c = latestCompaction(nodes);
    const first = this.keptStart(nodes, c);
    this.tree.load(first === 0 ? nodes : nodes.slice(first));
    this.loadModelSourceOf(nodes);
    return { messages: nodeMessages(nodes, c, first), ...nodeSettings(nodes) };
  }

  /**
   * loadModelSourceOf on a path of slots whose nodes from `k` on are `kept`: the slots before are
   * made into nodes only if the search gets there.
   */
  private loadModelSource(path: Int32Array, kept: IndexNode[], k: number): void {
    const generation = this.tree.generation;
    for (let i = path.length - 1; i >= 0; i--) {
      if (this.tree.generation !== generation) return;
      const slot = path[i];
      const type = this.tree.typeAt(slot);
      if (type === "model_change") return;
      if (type !== "message" || this.tree.roleAt(slot) !== "assistant") continue;
      if (this.modelSet(i >= k ? kept[i - k] : this.tree.nodeAt(slot))) return;
    }
  }

  /**
   * The model is the one last set along the path, by a model change (always in memory) or by an
   * assistant message, which may lie before the kept part: that one entry is read back.
   */
  private loadModelSourceOf(nodes: IndexNode[]): void {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const n = nodes[i];
      if (n.type === "model_change") return;
      if (n.role !== "assistant") continue;
      if (this.modelSet(n)) return;
    }
  }

  /** Loads an assistant message's node; whether it names its provider and model. */
  private modelSet(n: IndexNode): boolean {
    if (!n.entry) this.tree.load([n]);
    const m = n.entry?.type === "message" ? (n.entry.message as { provider?: string; model?: string }) : undefined;
    return Boolean(m?.provider && m.model);
  }

  /** Where the kept part of a path starts: the first kept entry of the compaction at `c`, or the root. */
  private keptStart(nodes: IndexNode[], c: number): number {
    if (c < 0) return 0;
    this.tree.load([nodes[c]]);
    return keptStart(nodes, c, (nodes[c].entry as { firstKeptEntryId?: string } | undefined)?.firstKeptEntryId);
  }

  /** Writes the file now with the given entries (forks and clones start with content). */
  writeNow(entries: SessionEntry[]): void {
    for (const e of entries)
      this.tree.add({
        id: e.id,
        parentId: e.parentId,
        type: e.type,
        timestamp: e.timestamp,
        line: -1,
        offset: -1,
        length: 0,
        entry: e,
        role: e.type === "message" ? e.message.role : undefined,
      });
    this.file?.createWith(entries);
  }

  get readOnly(): boolean {
    return this.file?.readOnly !== undefined;
  }

  /** Stops writing: the session is read (a read-only folder), never saved. */
  setReadOnly(reason: string): void {
    if (this.file) this.file.readOnly = reason;
  }

  exists(): boolean {
    return this.file ? existsSync(this.file.path) : false;
  }

  private survivors(): SessionEntry[] {
    return this.tree
      .pathNodes()
      .map((n) => n.entry)
      .filter((e): e is SessionEntry => e !== undefined);
  }
}
