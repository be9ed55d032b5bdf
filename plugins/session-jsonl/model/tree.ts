// The in-memory tree of one session: an index node per entry (content loaded on demand), the
// children of each node, labels, the name, and the leaf where the next entry goes.
import type { SessionEntry } from "../../../contracts/session-entries.js";
import { forEachLine, readAt, readRanges } from "../format/lines.js";
import type { IndexNode } from "../format/read.js";
import type { TreeNode } from "../../../contracts/sessions.js";
import { checkEntry } from "../format/entry-shape.js";

export class EntryTree {
  nodes = new Map<string, IndexNode>();
  order: IndexNode[] = [];
  readonly labels = new Map<string, string>();
  name: string | undefined;
  leafId: string | null = null;
  /** Told about a line whose content turned out unreadable when it was loaded. */
  onUnreadable?: (line: number) => void;

  /** `file` is where unloaded entries are read back from (undefined for in-memory sessions). */
  constructor(public file: string | undefined) {}

  add(node: IndexNode): void {
    this.nodes.set(node.id, node);
    this.order.push(node);
    this.note(node);
  }

  /**
   * Takes over a whole file's index at once: `byId` maps exactly the ids of `order` (built while
   * the file's tree was checked, so a long session's 100,000 ids are not hashed into a map twice).
   */
  adopt(order: IndexNode[], byId: Map<string, IndexNode>): void {
    if (this.order.length > 0) throw new Error("EntryTree.adopt: the tree is not empty");
    this.order = order;
    this.nodes = byId;
    for (const node of order) this.note(node);
  }

  /** The leaf, labels and name an added node sets. */
  private note(node: IndexNode): void {
    this.leafId = node.id;
    const e = node.entry;
    if (e?.type === "label") {
      if (e.label) this.labels.set(e.targetId, e.label);
      else this.labels.delete(e.targetId);
    } else if (e?.type === "session_info") this.name = e.name?.trim() || undefined;
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Nodes from the root down to `leafId`. A missing parent ends the walk (the path starts there). */
  pathNodes(leafId: string | null = this.leafId): IndexNode[] {
    // A session never branched (most of them) is its own path: no 100,000 map lookups to walk it.
    if (leafId !== null && leafId === this.order.at(-1)?.id && this.linear()) return this.order.slice();
    const out: IndexNode[] = [];
    // A step limit instead of a visited set guards against parent cycles in a damaged file.
    for (let id = leafId, steps = this.nodes.size; id !== null && steps-- > 0; ) {
      const node = this.nodes.get(id);
      if (!node) break;
      out.push(node);
      id = node.parentId;
    }
    return out.reverse();
  }

  /** The full entry; read back from the file (not kept) when the index dropped its content. */
  entry(id: string): SessionEntry | undefined {
    const node = this.nodes.get(id);
    if (!node) return undefined;
    return node.entry ?? this.readBack(node);
  }

  /**
   * Every entry in file order (exports, the /tree view). Unloaded ones are read in one pass over
   * the file, not one read each, and are not kept: a long session's index stays small.
   */
  all(): SessionEntry[] {
    const missing = this.order.filter((n) => !n.entry && n.offset >= 0);
    const read = new Map<string, SessionEntry>();
    if (missing.length >= 64 && this.file) {
      const byLine = new Map(missing.map((n) => [n.line, n]));
      forEachLine(this.file, (line) => {
        const n = byLine.get(line.no);
        const e = n ? parseChecked(line.text(), n.id) : undefined;
        if (e) read.set(e.id, e);
      });
    }
    const out: SessionEntry[] = [];
    for (const n of this.order) {
      const e = n.entry ?? read.get(n.id) ?? this.readBack(n);
      // An entry re-attached when the file was loaded is given with the parent it was given.
      if (e) out.push(e.parentId === n.parentId ? e : { ...e, parentId: n.parentId });
    }
    return out;
  }

  /**
   * Loads several nodes' content and keeps it (used for the context, which keeps it anyway). The
   * lines are read in file order through windows of the file (readRanges), so loading the kept
   * part of a long session reads those bytes only, not the history before them again.
   */
  load(nodes: IndexNode[]): void {
    const missing = nodes.filter((n) => !n.entry && n.offset >= 0);
    if (missing.length === 0 || !this.file) return;
    if (missing.length < 8) {
      for (const n of missing) n.entry = this.readBack(n);
    } else {
      readRanges(this.file, missing, (n, text) => {
        n.entry = parseChecked(text, n.id);
      });
    }
    for (const n of missing) if (!n.entry) this.unreadable(n);
  }

  /** A damaged line leaves the tree, so its children hang from its parent instead of vanishing. */
  private unreadable(node: IndexNode): void {
    this.onUnreadable?.(node.line);
    this.nodes.delete(node.id);
    this.order.splice(this.order.indexOf(node), 1);
    for (const child of this.order) if (child.parentId === node.id) child.parentId = node.parentId;
    if (this.leafId === node.id) this.leafId = node.parentId;
  }

  /** Drops loaded content that is not on the active path (after navigation or export). */
  forgetOffPath(): void {
    if (this.linear()) return;
    const keep = new Set(this.pathNodes().map((n) => n.id));
    for (const n of this.order) if (n.entry && !keep.has(n.id) && n.offset >= 0 && !SMALL.has(n.type)) n.entry = undefined;
  }

  /** Every entry on one path ending at the leaf (a session never branched): nothing is off it. */
  private linear(): boolean {
    const order = this.order;
    if (order.length === 0) return true;
    if (order[0].parentId !== null || order[order.length - 1].id !== this.leafId) return false;
    for (let i = 1; i < order.length; i++) if (order[i].parentId !== order[i - 1].id) return false;
    return true;
  }

  tree(): TreeNode[] {
    const byId = new Map<string, TreeNode>();
    const roots: TreeNode[] = [];
    for (const n of this.order) {
      byId.set(n.id, {
        id: n.id,
        parentId: n.parentId,
        type: n.type,
        role: n.role,
        preview: n.preview,
        label: this.labels.get(n.id),
        timestamp: n.timestamp,
        children: [],
      });
    }
    for (const t of byId.values()) {
      const parent = t.parentId === null ? undefined : byId.get(t.parentId);
      (parent ? parent.children : roots).push(t);
    }
    return roots;
  }

  children(id: string | null): IndexNode[] {
    return this.order.filter((n) => n.parentId === id);
  }

  private readBack(node: IndexNode): SessionEntry | undefined {
    if (!this.file || node.offset < 0) return undefined;
    try {
      return parseChecked(readAt(this.file, node.offset, node.length), node.id);
    } catch {
      return undefined;
    }
  }
}

const SMALL = new Set(["model_change", "thinking_level_change", "label", "session_info"]);

/** The entry on a line read back, checked and repaired like at indexing (undefined: damaged). */
function parseChecked(text: string, id: string): SessionEntry | undefined {
  try {
    const checked = checkEntry(JSON.parse(text));
    return checked.ok && checked.entry.id === id ? checked.entry : undefined;
  } catch {
    return undefined;
  }
}
