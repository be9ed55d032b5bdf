// Holding V8's young generation at its size through work that allocates fast (issue 34, round eight).
//
// On this project's 2-core VM a page of fresh memory costs ~18 µs of CPU to fault in, so a run pays
// for the memory it touches for the first time. Under a high allocation rate V8 doubles the young
// generation (up to 16 MB a semi-space) and then faults its fresh pages in once each, whether what
// is allocated dies young (a stream's per-event garbage) or survives anyway (a long session file's
// entries, promoted at their second collection whatever the young generation's size). Held at its
// size, the young generation is collected more often but touches no new memory.
//
// `--semi-space-growth-factor` is read by V8 each time it would grow the young generation, so it is
// set to 1 (no growth) while some holder holds and back to V8's default after the last lets go. V8
// 11.3 refuses the image's code caches (made under its default) while the flag is 1, so a hold must
// not span the loading of an image file: the decoding and the body's making load none
// (test/integration/resume-code-caches.test.ts). A user's own young-generation flags are left alone.
// Streams (lib/provider-kit) and the session decoder (session-jsonl) share this module's one count
// (one chunk of the start-up image).

/** V8 11.3's default (`node --v8-options`). */
const DEFAULT_FACTOR = 2;
const V8_LINE = "11.3.";
const USER_FLAGS = /--(semi-space-growth-factor|max-semi-space-size|min-semi-space-size|semi-space-growth|minor-mc)\b/;

/** Holders now (the flag is set while above zero), and whether this process may set it at all. */
const hold: { count: number; allowed?: boolean } = { count: 0 };

function setFlags(flags: string): void {
  // `node:v8` is loaded only by a process that holds (a stream, a long file), never by a short print run's start.
  process.getBuiltinModule("node:v8").setFlagsFromString(flags);
}

function allowed(): boolean {
  if (hold.allowed === undefined) {
    const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").replaceAll("_", "-");
    hold.allowed = process.versions.v8.startsWith(V8_LINE) && !USER_FLAGS.test(own);
  }
  return hold.allowed;
}

/**
 * Holds V8's young generation at its size until the returned function is called (once; later calls
 * do nothing). Holds nest: V8 gets its default growth back when the last holder lets go.
 */
export function holdYoungGeneration(): () => void {
  if (!allowed()) return () => {};
  if (hold.count++ === 0) setFlags("--semi-space-growth-factor=1");
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--hold.count === 0) setFlags(`--semi-space-growth-factor=${DEFAULT_FACTOR}`);
  };
}

/** How many holders hold now (tests). */
export function youngGenerationHolders(): number {
  return hold.count;
}
