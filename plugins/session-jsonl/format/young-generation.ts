// Keeps V8's young generation from growing while a long session file is decoded whole (issue 34,
// round eight).
//
// On this project's 2-core VM a page of fresh memory costs ~18 µs of CPU to fault in (a bare loop
// touching 64 MB: 290 ms), so what a resume costs is largely the memory it touches for the first
// time. Decoding a never-compacted file keeps every entry it parses: all of it survives the young
// generation's collections, and V8 answers a high survival rate by doubling the young generation
// (to 16 MB a semi-space), whose fresh pages are then faulted in once each, only for entries that
// are promoted to the old generation at their second collection anyway (every survivor is copied
// twice whatever the young generation's size). A 5,000-entry resume (3 MB) touched ~8 MB more that
// way: ~1,500 of its ~6,400 page faults between opening the file and sending the request.
//
// `--semi-space-growth-factor` is read by V8 each time it would grow the young generation, so it is
// set to 1 (no growth) for the decoding only and to V8's default again after. V8 checks code caches
// against a hash of its flags; no script is compiled while the file is decoded (it is synchronous),
// and the default value hashes as before. A user's own young-generation flags are left alone, and
// a short file (nothing to gain) sets no flag, so loading `node:v8` is paid only for a long one.
/** Below this many bytes a file's entries fit the young generation as it is: nothing to hold. */
const HOLD_FROM = 1 << 20;
/** V8 11.3's default (`node --v8-options`). */
const DEFAULT_FACTOR = 2;
const V8_LINE = "11.3.";
const USER_FLAGS = /--(semi-space-growth-factor|max-semi-space-size|min-semi-space-size|semi-space-growth|minor-mc)\b/;

type SetFlags = (flags: string) => void;

/**
 * Holds V8's young generation at its size, if a file of `bytes` is worth it; answers how to give V8
 * its default growth back (call it whatever happens), or undefined when nothing was held.
 */
export function holdYoungGeneration(bytes: number): (() => void) | undefined {
  const set = bytes >= HOLD_FROM ? flagSetter() : undefined;
  if (!set) return undefined;
  set("--semi-space-growth-factor=1");
  return () => set(`--semi-space-growth-factor=${DEFAULT_FACTOR}`);
}

let setter: SetFlags | null | undefined;

function flagSetter(): SetFlags | undefined {
  if (setter === undefined) {
    const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").replaceAll("_", "-");
    setter =
      process.versions.v8.startsWith(V8_LINE) && !USER_FLAGS.test(own)
        ? (flags) => process.getBuiltinModule("node:v8").setFlagsFromString(flags)
        : null;
  }
  return setter ?? undefined;
}
