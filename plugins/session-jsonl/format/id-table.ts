// Entry slots by id key for a whole indexed file, without a Map of 100,000 strings. Built only when
// every key is distinct (then the ids are too, and a key finds at most one slot, which the caller
// confirms by its id); otherwise the file is checked with a Map of its ids, as before (ids repeated
// by damage, or a hash shared by two ids that are not pi's 8 hex digits). The check is a copy of
// the keys sorted by the engine's native typed-array sort. Opening a session then asks for a few
// ids only (a compaction's first kept entry, the leaf, the new entries' ids), each answered by a
// native indexOf over the keys; from the 16th lookup on (a branched file's parents, /tree moves) a
// sorted table is built once: each slot's key and position packed in one double (key · 2^21 +
// slot), found by binary search.

const SLOT_BITS = 2 ** 21;
const SCANS = 16;

export class IdTable {
  private packed?: Float64Array;
  private lookups = 0;

  private constructor(private readonly keys: Uint32Array) {}

  /** The table of the first `count` keys, or undefined if two keys are equal or there are too many. */
  static build(keys: Uint32Array, count: number): IdTable | undefined {
    if (count >= SLOT_BITS) return undefined;
    const sorted = keys.slice(0, count).sort();
    for (let i = 1; i < count; i++) if (sorted[i] === sorted[i - 1]) return undefined;
    return new IdTable(keys.subarray(0, count));
  }

  /** The slot whose key is `key`, or -1. */
  find(key: number): number {
    if (this.packed === undefined && ++this.lookups <= SCANS) return this.keys.indexOf(key);
    const s = (this.packed ??= pack(this.keys));
    const low = key * SLOT_BITS;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid] < low) lo = mid + 1;
      else hi = mid;
    }
    return lo < s.length && s[lo] < low + SLOT_BITS ? s[lo] - low : -1;
  }
}

function pack(keys: Uint32Array): Float64Array {
  const packed = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) packed[i] = keys[i] * SLOT_BITS + i;
  return packed.sort();
}
