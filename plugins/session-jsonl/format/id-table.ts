// Entry slots by id key for a whole indexed file, without a Map of 100,000 strings: each slot's
// key and position packed in one double (key · 2^21 + slot), sorted once by the engine's native
// typed-array sort; a lookup is a binary search. Built only when every key is distinct (then the
// ids are too, and a key finds at most one slot, which the caller confirms by its id): otherwise
// the file is checked with a Map of its ids, as before (ids repeated by damage, or a hash shared
// by two ids that are not pi's 8 hex digits).

const SLOT_BITS = 2 ** 21;

export class IdTable {
  private constructor(private readonly sorted: Float64Array) {}

  /** The table of `count` slots' keys, or undefined if two keys are equal or there are too many slots. */
  static build(keys: Uint32Array, count: number): IdTable | undefined {
    if (count >= SLOT_BITS) return undefined;
    const sorted = new Float64Array(count);
    for (let i = 0; i < count; i++) sorted[i] = keys[i] * SLOT_BITS + i;
    sorted.sort();
    let last = -1;
    for (let i = 0; i < count; i++) {
      const key = Math.floor(sorted[i] / SLOT_BITS);
      if (key === last) return undefined;
      last = key;
    }
    return new IdTable(sorted);
  }

  /** The slot whose key is `key`, or -1. */
  find(key: number): number {
    const s = this.sorted;
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
