// Decoding a long never-compacted session file holds V8's young generation at its size (issue 34,
// round eight; lib/heap-kit says why). Every entry decoded survives, so V8 would answer the high
// survival rate by doubling the young generation and fault its fresh pages in once each, only for
// entries promoted to the old generation at their second collection anyway: a 5,000-entry resume
// (3 MB) touched ~8 MB more that way. No script is compiled while the file is decoded (it is
// synchronous). A short file sets no flag, so loading `node:v8` is paid only for a long one.
import { holdYoungGeneration as hold, keepFreedMemory } from "../../../lib/heap-kit/index.js";

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
