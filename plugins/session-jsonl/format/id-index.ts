// The entries of a session by id: an open-addressing hash table over a typed array. Opening a long
// session puts 100,000 ids in it while checking the tree; a Map spent most of the tree check's
// time (its hashing and the growth of its tables, all garbage-collected objects) where this one is
// two typed arrays and an array of the nodes. Map's get/has/set/delete/size, for string keys.

/** What the tree check and the session's tree need of a map from ids to nodes (a Map has it too). */
export interface IdMap<N> {
  get(id: string): N | undefined;
  has(id: string): boolean;
  set(id: string, node: N): unknown;
  delete(id: string): boolean;
  readonly size: number;
}

const EMPTY = 0;
const DELETED = -1;

export class IdIndex<N> implements IdMap<N> {
  /** Per slot: 0 empty, -1 deleted, else 1 + the position of the key in `keys`/`values`. */
  private slots: Int32Array;
  /** Per slot: its key's hash, compared before the key (a probe then reads no string from the heap). */
  private hashes: Int32Array;
  private keys: (string | undefined)[] = [];
  private values: (N | undefined)[] = [];
  private used = 0; // slots not empty (live or deleted)
  size = 0;

  /** `expected`: about how many ids will be added (a table sized for them is never rebuilt while filling). */
  constructor(expected = 8) {
    let length = 16;
    while (length < expected * 2) length *= 2;
    this.slots = new Int32Array(length);
    this.hashes = new Int32Array(length);
  }

  get(id: string): N | undefined {
    const at = this.find(id, hash(id));
    return at < 0 ? undefined : this.values[at];
  }

  has(id: string): boolean {
    return this.find(id, hash(id)) >= 0;
  }

  set(id: string, node: N): this {
    const h = hash(id);
    const at = this.find(id, h);
    if (at >= 0) this.values[at] = node;
    else this.insert(id, h, node);
    return this;
  }

  /** Adds `id` unless it is there: returns the node it already had, or undefined when added. */
  add(id: string, node: N): N | undefined {
    const h = hash(id);
    const at = this.find(id, h);
    if (at >= 0) return this.values[at];
    this.insert(id, h, node);
    return undefined;
  }

  private insert(id: string, h: number, node: N): void {
    if ((this.used + 1) * 2 > this.slots.length) this.rebuild();
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] > 0) s = (s + 1) & mask;
    if (this.slots[s] === EMPTY) this.used++;
    this.slots[s] = this.keys.push(id);
    this.hashes[s] = h;
    this.values.push(node);
    this.size++;
  }

  delete(id: string): boolean {
    const h = hash(id);
    const mask = this.slots.length - 1;
    for (let s = h & mask; this.slots[s] !== EMPTY; s = (s + 1) & mask) {
      const k = this.slots[s] - 1;
      if (k >= 0 && this.hashes[s] === h && this.keys[k] === id) {
        this.slots[s] = DELETED;
        this.keys[k] = undefined;
        this.values[k] = undefined;
        this.size--;
        return true;
      }
    }
    return false;
  }

  /** The position of `id` in keys/values, or -1. */
  private find(id: string, h: number): number {
    const mask = this.slots.length - 1;
    for (let s = h & mask; this.slots[s] !== EMPTY; s = (s + 1) & mask) {
      const k = this.slots[s] - 1;
      if (k >= 0 && this.hashes[s] === h && this.keys[k] === id) return k;
    }
    return -1;
  }

  /** Twice the slots of the live keys (at least), deleted ones dropped. */
  private rebuild(): void {
    const keys = this.keys;
    const values = this.values;
    let length = this.slots.length;
    while (this.size * 4 >= length) length *= 2;
    this.slots = new Int32Array(length);
    this.hashes = new Int32Array(length);
    this.keys = [];
    this.values = [];
    this.used = 0;
    this.size = 0;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      if (key !== undefined) this.insert(key, hash(key), values[k] as N);
    }
  }
}

/** FNV-1a over the id's UTF-16 code units (a signed 32-bit value, as an Int32Array holds it). */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 0;
}
