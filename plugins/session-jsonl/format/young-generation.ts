// Decoding a long never-compacted session file holds V8's young generation at its size (issue 34,
// round eight; lib/heap-kit says why). Every entry decoded survives, so V8 would answer the high
// survival rate by doubling the young generation and fault its fresh pages in once each, only for
// entries promoted to the old generation at their second collection anyway: a 5,000-entry resume
// (3 MB) touched ~8 MB more that way. The hold is carried on to the request body made from the
// entries (round nine: the context and the body survive collections as well, and V8 doubled the young
// generation right after the decoding). Code caches are accepted under either value of the flag
// (young-generation-hold.test.ts), so what loads meanwhile loads as usual. A short file sets no
// flag, so loading `node:v8` is paid only for a long one.
import { carryHold, holdYoungGeneration as hold, keepFreedMemory } from "../../../lib/heap-kit/index.js";

export { carryHold };

/**
 * How long the hold outlives the decoding at most (read.ts carries it until the request body made
 * from the entries is: ~0.1-0.3 s later in a print run). An interactive resume that sends nothing
 * lets go after this.
 */
export const CARRY_MS = 1_000;

/** Below this many bytes a file's entries fit the young generation as it is: nothing to hold. */
const HOLD_FROM = 1 << 20;

/**
 * Holds the young generation for the decoding of a file of `bytes`, if it is worth it; answers the
 * release. Such a file also has the C allocator keep what it frees (lib/heap-kit/freed-memory.ts):
 * the optimizing compiler's zones, freed and faulted in again once per compile otherwise.
 */
export function holdYoungGeneration(bytes: number): (() => void) | undefined {
  if (bytes < HOLD_FROM) return undefined;
  keepFreedMemory();
  return hold();
}
