// One session's tree in memory: a node per entry (content on demand), children, labels, name, leaf.
import type { SessionEntry } from "../../../contracts/session-entries.js";
import { forEachLine, readAt, readRanges } from "../format/lines.js";
import type { FlatIndex } from "../format/flat-index.js";
import { keyOf } from "../format/id-keys.js";
import type { IdTable } from "../format/id-table.js";
import type { IndexNode } from "../format/read.js";
import type { TreeNode } from "../../../contracts/sessions.js";
import { checkEntry } from "../format/entry-shape.js";

export class EntryTree {
  /** Each slot's node once made (a file indexed as columns makes them on demand: `flat`). */
  private objs: (IndexNode | undefined)[] = [];
  /** Each slot's parent slot (-1: none, or a parent not in the tree). */
  private parents: Int32Array = new Int32Array(16);
  private count = 0;
  /** How many leading slots form one chain from the root: all of them in a session never branched. */
  private chain = 0;
  /** The columns of the file this tree was opened from, and its ids' table (slots below its count). */
  private flat?: FlatIndex;
  private table?: IdTable;
  /** Slots by id for entries added one by one (all of them in a tree not opened from columns). */
  private ids = new Map<string, number>();
  /** Changes when slots move (a damaged entry dropped): slot numbers taken before are stale. */
  generation = 0;
  readonly labels = new Map<string, string>();
  name: string | undefined;
  leafId: string | null = null;
  /** Told about a line whose content turned out unreadable when it was loaded. */
  onUnreadable?: (line: number) => void;

  /** `file` is where unloaded entries are read back from (undefined for in-memory sessions). */
  constructor(public file: string | undefined) {}

  get size(): number {
    return this.count;
  }

  /** Every node in file order (made now where the tree was opened from columns). */
  get order(): IndexNode[] {
    if (this.flat) this.flat.nodes();
    return this.objs as IndexNode[];
  }

  add(node: IndexNode): void {
    const slot = this.count++;
    if (slot >= this.parents.length) {
      const bigger = new Int32Array(this.parents.length * 2);
      bigger.set(this.parents);
      this.parents = bigger;
    }
    const parent = node.parentId === null ? -1 : this.slotOf(node.parentId);
    this.parents[slot] = parent;
    if (this.chain === slot && parent === slot - 1) this.chain = slot + 1;
    this.objs[slot] = node;
    this.ids.set(node.id, slot);
    this.note(node);
  }

  /** Takes over a whole file's index (checked: resolveParents), its nodes made when asked for. */
  adopt(index: FlatIndex, table: IdTable): void {
    if (this.count > 0) throw new Error("EntryTree.adopt: the tree is not empty");
    this.flat = index;
    this.table = table;
    this.objs = index.objs;
    this.parents = index.parents;
    this.count = index.count;
    this.chain = index.chain;
    // Labels and names are small entries, always decoded: nodes already.
    for (const slot of index.decoded) {
      const node = this.objs[slot];
      if (node?.entry) this.note(node);
    }
    this.leafId = this.count > 0 ? this.idAt(this.count - 1) : null;
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

  /** The slot of an id, or -1. */
  slotOf(id: string): number {
    const added = this.ids.get(id);
    if (added !== undefined) return added;
    if (!this.table) return -1;
    const slot = this.table.find(keyOf(id));
    return slot >= 0 && this.idAt(slot) === id ? slot : -1;
  }

  has(id: string): boolean {
    return this.slotOf(id) >= 0;
  }

  /** The node with this id. */
  node(id: string): IndexNode | undefined {
    const slot = this.slotOf(id);
    return slot < 0 ? undefined : this.nodeAt(slot);
  }

  nodeAt(slot: number): IndexNode {
    return this.objs[slot] ?? (this.flat as FlatIndex).node(slot);
  }

  private idAt(slot: number): string {
    return this.objs[slot]?.id ?? (this.flat as FlatIndex).idAt(slot);
  }

  typeAt(slot: number): string {
    // The flat column first: no node is read (a never-compacted path's walk back is every slot).
    const flat = this.flat;
    return flat !== undefined && slot < flat.count ? flat.typeAt(slot) : (this.objs[slot]?.type ?? "");
  }

  roleAt(slot: number): string | undefined {
    const node = this.objs[slot];
    return node ? node.role : (this.flat as FlatIndex).roleAt(slot);
  }

  /** The node of a slot if it was made already (without making it). */
  made(slot: number): IndexNode | undefined {
    return this.objs[slot];
  }

  /** Slots from the root down to `leafId`. A missing parent ends the walk (the path starts there). */
  pathSlots(leafId: string | null = this.leafId): Int32Array {
    if (leafId === null) return new Int32Array(0);
    const last = this.count - 1;
    const leaf = last >= 0 && this.idAt(last) === leafId ? last : this.slotOf(leafId); // nearly always the last: no lookup
    if (leaf < 0) return new Int32Array(0);
    // A session never branched (most of them) is its own path.
    if (leaf === this.count - 1 && this.linear()) {
      const all = new Int32Array(this.count);
      for (let i = 0; i < all.length; i++) all[i] = i;
      return all;
    }
    const parents = this.parents;
    let n = 0;
    // A step limit instead of a visited set guards against parent cycles in a damaged file.
    for (let s = leaf, steps = this.count; s >= 0 && steps-- > 0; s = parents[s]) n++;
    const out = new Int32Array(n);
    for (let s = leaf, i = n - 1; i >= 0; s = parents[s]) out[i--] = s;
    return out;
  }

  /** Nodes from the root down to `leafId`. */
  pathNodes(leafId: string | null = this.leafId): IndexNode[] {
    const slots = this.pathSlots(leafId);
    const out: IndexNode[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) out[i] = this.nodeAt(slots[i]);
    return out;
  }

  /** The full entry; read back from the file (not kept) when the index dropped its content. */
  entry(id: string): SessionEntry | undefined {
    const node = this.node(id);
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
    const order = this.order;
    order.splice(order.indexOf(node), 1);
    for (const child of order) if (child.parentId === node.id) child.parentId = node.parentId;
    const leaf = this.leafId === node.id ? node.parentId : this.leafId;
    // Slots move: the tree is built again from its nodes (rare: a line damaged after its first bytes).
    this.rebuild(order);
    this.leafId = leaf;
  }

  private rebuild(nodes: IndexNode[]): void {
    const { labels, name } = this;
    this.objs = [];
    this.parents = new Int32Array(Math.max(16, nodes.length));
    this.count = 0;
    this.chain = 0;
    this.flat = undefined;
    this.table = undefined;
    this.ids = new Map();
    this.generation++;
    for (const node of nodes) this.add(node);
    // Labels and the name were set by these same entries: as they were.
    this.name = name;
    this.labels.clear();
    for (const [k, v] of labels) this.labels.set(k, v);
  }

  /** Drops loaded content that is not on the active path (after navigation or export). */
  forgetOffPath(): void {
    if (this.linear()) return;
    const keep = new Uint8Array(this.count);
    for (const slot of this.pathSlots()) keep[slot] = 1;
    this.objs.forEach((n, slot) => {
      if (n?.entry && !keep[slot] && n.offset >= 0 && !SMALL.has(n.type)) n.entry = undefined;
    });
  }

  /** Every entry on one path ending at the leaf (a session never branched): nothing is off it. */
  private linear(): boolean {
    const n = this.count;
    return n === 0 || (this.chain === n && this.leafId === this.idAt(n - 1));
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
