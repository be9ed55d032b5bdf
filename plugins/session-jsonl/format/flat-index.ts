// A session file's index as columns (typed arrays, one slot per entry in file order) instead of an
// object per entry: a long session's 100,000 entries are mostly history behind compactions that
// nothing asks about, and as objects they were 100,000 index nodes, 100,000 id strings and a Map
// the garbage collector copied out of the young generation while the file was read. A slot read
// from its line's first bytes (the quick index) becomes an IndexNode only when something asks for
// it (the context's kept part, /tree, an export); a line decoded whole keeps its node in `objs`.
import type { SessionEntry } from "../../../contracts/session-entries.js";
import { hexBytes, hexId, hexOf, keyOf, keyOfBytes } from "./id-keys.js";
import type { Line } from "./lines.js";
import type { IndexNode } from "./read.js";
import { TextStore } from "./text-store.js";

/**
 * The entry types and roles the quick index reads, by code (0: none, or a node in `objs`). A node
 * decoded whole has its type's code too when it is one of these: typeAt then reads no node.
 */
export const QUICK_TYPES = ["", "message", "compaction", "custom", "custom_message", "branch_summary"] as const;
const TYPE_CODES = new Map<string, number>(QUICK_TYPES.map((t, code) => [t, code]));
export const QUICK_ROLES = ["", "assistant", "toolResult", "user", "system"] as const;

/** parents[slot] before the tree check: no parent, or a parentId to look up (in `pending`). */
export const NO_PARENT = -1;
export const PENDING = -2;

/** ids[slot] of an id of 8 hex digits: its key is its value, no bytes kept. */
const HEX = -1;

/** A node made from a slot's columns; its timestamp and preview stay bytes until asked for. */
class QuickNode implements IndexNode {
  entry?: SessionEntry = undefined;
  constructor(
    public id: string,
    public parentId: string | null,
    public type: string,
    public line: number,
    public offset: number,
    public length: number,
    public role: string | undefined,
    private readonly texts: TextStore,
    private readonly stamp: number,
    private readonly shown: number,
  ) {}

  get timestamp(): string {
    return this.texts.text(this.stamp);
  }

  get preview(): string | undefined {
    return this.shown < 0 ? undefined : this.texts.text(this.shown);
  }
}

export class FlatIndex {
  count = 0;
  /** Ids, timestamps and previews of the quick slots, as bytes. */
  readonly texts = new TextStore();
  /** Each slot's node if it has one (decoded whole, or asked for), else undefined. */
  readonly objs: (IndexNode | undefined)[] = [];
  /** Slots whose parentId is neither null nor the previous slot's id, with that parentId. */
  readonly pending = new Map<number, string>();
  /** The slots decoded whole, in order (the only ones that can be labels or names). */
  readonly decoded: number[] = [];
  /** How many leading slots form one chain from the root (each the previous one's child). */
  chain = 0;
  /** The parent's slot (or NO_PARENT / PENDING until the tree check resolves it). */
  parents: Int32Array;
  keys: Uint32Array;
  private lines: Int32Array;
  private offsets: Float64Array;
  private lengths: Int32Array;
  private types: Uint8Array;
  private roles: Uint8Array;
  private ids: Int32Array;
  private stamps: Int32Array;
  private shown: Int32Array;

  constructor(capacity = 64) {
    const n = Math.max(16, capacity);
    this.parents = new Int32Array(n);
    this.keys = new Uint32Array(n);
    this.lines = new Int32Array(n);
    this.offsets = new Float64Array(n);
    this.lengths = new Int32Array(n);
    this.types = new Uint8Array(n);
    this.roles = new Uint8Array(n);
    this.ids = new Int32Array(n);
    this.stamps = new Int32Array(n);
    this.shown = new Int32Array(n);
  }

  /**
   * A slot read from a line's first bytes: the id is bytes `idFrom`..`idTo` of the line's buffer;
   * `parent` is NO_PARENT, PENDING (with `parentId`) or anything else for the previous slot.
   * `stamp` and `shown` are positions in `texts` (shown -1: no preview).
   */
  pushQuick(
    line: Line,
    type: number,
    role: number,
    idFrom: number,
    idTo: number,
    parent: number,
    parentId: string,
    stamp: number,
    shown: number,
  ): void {
    const slot = this.slot();
    const b = line.buf;
    // pi's ids (8 hex digits) are their key: only other ids are kept as bytes.
    const hex = hexBytes(b, idFrom, idTo);
    this.keys[slot] = hex >= 0 ? hex : keyOfBytes(b, idFrom, idTo);
    this.ids[slot] = hex >= 0 ? HEX : this.texts.add(b, idFrom, idTo);
    this.lines[slot] = line.no;
    this.offsets[slot] = line.offset;
    this.lengths[slot] = line.end - line.start;
    this.types[slot] = type;
    this.roles[slot] = role;
    this.stamps[slot] = stamp;
    this.shown[slot] = shown;
    this.setParent(slot, parent, parentId);
    this.objs.push(undefined);
  }

  /** A slot for a node decoded whole. */
  pushNode(node: IndexNode): void {
    const slot = this.slot();
    this.keys[slot] = keyOf(node.id);
    this.lines[slot] = node.line;
    const p = node.parentId;
    this.setParent(slot, p === null ? NO_PARENT : this.lastIdIs(p) ? slot - 1 : PENDING, p ?? "");
    this.types[slot] = TYPE_CODES.get(node.type) ?? 0;
    this.objs.push(node);
    this.decoded.push(slot);
  }

  /** Whether the id of the last slot pushed is bytes `from`..`to` of `b`. */
  lastIdEquals(b: Uint8Array, from: number, to: number): boolean {
    const last = this.count - 1;
    if (last < 0) return false;
    const o = this.objs[last];
    if (o === undefined) {
      const at = this.ids[last];
      return at === HEX ? hexBytes(b, from, to) === this.keys[last] : this.texts.equals(at, b, from, to);
    }
    const id = o.id;
    if (id.length !== to - from) return false;
    for (let k = 0; k < id.length; k++) if (id.charCodeAt(k) !== b[from + k]) return false;
    return true;
  }

  private lastIdIs(id: string): boolean {
    const last = this.count - 2; // the slot being pushed is counted already
    if (last < 0) return false;
    const o = this.objs[last];
    if (o !== undefined) return o.id === id;
    const at = this.ids[last];
    return at === HEX ? hexOf(id) === this.keys[last] : this.texts.is(at, id);
  }

  private setParent(slot: number, parent: number, parentId: string): void {
    if (parent === PENDING) this.pending.set(slot, parentId);
    const at = parent === NO_PARENT || parent === PENDING ? parent : slot - 1;
    this.parents[slot] = at;
    if (this.chain === slot && at === slot - 1) this.chain = slot + 1; // slot 0: no parent
  }

  /** Extends `chain` over slots whose parents were resolved since (the tree check). */
  extendChain(): void {
    let c = this.chain;
    while (c < this.count && this.parents[c] === c - 1) c++;
    this.chain = c;
  }

  /** The id of a slot. */
  idAt(slot: number): string {
    return this.objs[slot]?.id ?? this.quickId(slot);
  }

  private quickId(slot: number): string {
    const at = this.ids[slot];
    return at === HEX ? hexId(this.keys[slot]) : this.texts.text(at);
  }

  /** The parentId of a slot as its columns say (before the tree check: as written). */
  parentIdAt(slot: number): string | null {
    const p = this.parents[slot];
    if (p === NO_PARENT) return null;
    return p === PENDING ? (this.pending.get(slot) ?? null) : this.idAt(p);
  }

  typeAt(slot: number): string {
    const code = this.types[slot];
    return code !== 0 ? QUICK_TYPES[code] : (this.objs[slot]?.type ?? "");
  }

  roleAt(slot: number): string | undefined {
    const o = this.objs[slot];
    return o ? o.role : QUICK_ROLES[this.roles[slot]] || undefined;
  }

  lineAt(slot: number): number {
    return this.lines[slot];
  }

  /** A slot's node, made (and kept) on first use. */
  node(slot: number): IndexNode {
    const have = this.objs[slot];
    if (have) return have;
    const made = new QuickNode(
      this.quickId(slot),
      this.parentIdAt(slot),
      QUICK_TYPES[this.types[slot]],
      this.lines[slot],
      this.offsets[slot],
      this.lengths[slot],
      QUICK_ROLES[this.roles[slot]] || undefined,
      this.texts,
      this.stamps[slot],
      this.shown[slot],
    );
    this.objs[slot] = made;
    return made;
  }

  /** Every slot's node, in file order (makes the ones not made yet). */
  nodes(): IndexNode[] {
    for (let i = 0; i < this.count; i++) this.node(i);
    return this.objs as IndexNode[];
  }

  private slot(): number {
    const slot = this.count++;
    if (slot === this.parents.length) this.grow();
    return slot;
  }

  private grow(): void {
    const n = this.parents.length * 2;
    const bigger = <T extends Int32Array | Uint32Array | Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.parents = bigger(this.parents);
    this.keys = bigger(this.keys);
    this.lines = bigger(this.lines);
    this.offsets = bigger(this.offsets);
    this.lengths = bigger(this.lengths);
    this.types = bigger(this.types);
    this.roles = bigger(this.roles);
    this.ids = bigger(this.ids);
    this.stamps = bigger(this.stamps);
    this.shown = bigger(this.shown);
  }
}
