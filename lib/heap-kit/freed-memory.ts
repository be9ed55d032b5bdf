// Keeping memory the C allocator frees for its next use (issue 34, round nine).
//
// On this project's 2-core VM a page of fresh memory costs ~15-18 µs of CPU to fault in. glibc's
// malloc gives the free memory at the top of a heap back to the kernel once more than its trim
// threshold is free there (128 KiB at first), so the next allocation faults those pages in again.
// That is what V8's optimizing compiler does while a long session file is decoded: each background
// compile allocates its zones (a few MB, in segments of up to 32 KiB), frees them at its end, the
// heap is trimmed, and the next compile faults the same amount in again: ~1,200 of the ~4,700 page
// faults a 5,000-entry never-compacted resume added were TurboFan's (perf, `-e page-faults`), and
// raising the thresholds took ~600-1,000 off the resume (docs/internals/benchmarks.md, round nine).
//
// glibc raises its thresholds by itself (its "dynamic mmap threshold"): the first time a block it
// mmapped, larger than its mmap threshold, is freed, the mmap threshold becomes that block's size
// and the trim threshold twice that. There is no mallopt() to call from JavaScript, so this asks for
// such a block: an uninitialised Buffer of RAISE_TO bytes, never written (so never faulted in), left
// to the next collection, which frees it (a scavenge comes within ~1 MB of allocation while a file
// is decoded). From then on up to 2 × RAISE_TO of freed memory stays mapped in each of the
// allocator's arenas, and blocks under RAISE_TO come from them rather than from mmap.
//
// Elsewhere (musl, macOS) the block is an untouched mapping made and unmade: nothing else. Only for
// work that is sure to allocate and free a lot (a long session file decoded whole): a short print
// run or an idle interactive session keeps glibc's defaults, and so its resident memory.

/**
 * glibc's dynamic threshold goes no higher than 32 MiB on 64-bit (a block of that much and its
 * header is past it: not raised); the trim threshold is twice this. The 5,000-entry resume's faults
 * (7 runs each): 4 MiB 3,481, 8 MiB 3,531, 16 MiB 3,148-3,234, 31 MiB 3,277.
 */
const RAISE_TO = 16 * 1024 * 1024;

const state = { raised: false };

/** Asks the C allocator (once per process) to keep up to 2 × 16 MiB of freed memory for reuse. */
export function keepFreedMemory(): void {
  if (state.raised) return;
  state.raised = true;
  // Never written: malloc maps it and the kernel backs none of it until it is touched.
  Buffer.allocUnsafeSlow(RAISE_TO);
}

/** Whether keepFreedMemory was called in this process (tests). */
export function freedMemoryKept(): boolean {
  return state.raised;
}
