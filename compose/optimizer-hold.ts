// Start-up runs without V8's optimizing compiler (issue 34: interactive idle RSS).
//
// Loading the image, discovering the packages and importing the plugins call a few path functions
// (`path.resolve`, `normalizeString`, ...) often enough that V8 hands them to TurboFan. One TurboFan
// compilation touches ~4 MB of the node binary's code, which then stays resident: an idle
// interactive session was ~53.6 MB with it and ~49.5 MB without. Nothing in start-up runs long
// enough to gain from optimized code, so the launcher caps V8's tiers at Sparkplug (`--max-opt=1`)
// while the image loads, and the first boot tap lifts the cap (compose/optimizer-release.ts): a
// resumed session's parsing, the requests, the streams and the tools get TurboFan as before.
//
// V8 checks a code cache against a hash of its flags, recomputed whenever a flag is set, so the
// loader reads and writes every cache under the capped flags (`underCacheFlags`): the caches carry
// one hash, whether a file loads while the cap is on (start-up) or after (a provider's streaming
// code). Flags a user sets for V8's tiers (`node --max-opt=…`, NODE_OPTIONS) are left alone: then
// nothing here sets any flag.
import { setFlagsFromString } from "node:v8";

/** The flags every cache is read and written under. */
const CAPPED = "--max-opt=1";
/** V8's default `--max-opt`: every tier. */
const ALL_TIERS = "--max-opt=999";
const TIER_FLAGS = /--(no-)?(max-opt|opt|turbofan|jitless|max-lazy|maglev|sparkplug|always-sparkplug|lite-mode)\b/;

/** Process-wide (the launcher's loader and the image are separate bundles); absent: never held. */
const STATE = Symbol.for("pi-kernel.optimizer");
type State = "held" | "released";
const box = globalThis as typeof globalThis & { [STATE]?: State };

/** Caps V8's tiers at Sparkplug until `releaseOptimizer()`. Call before the first code cache is read. */
export function holdOptimizer(): void {
  if (box[STATE] !== undefined || TIER_FLAGS.test([...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" "))) return;
  setFlagsFromString(CAPPED);
  box[STATE] = "held";
}

/** Lifts the cap of `holdOptimizer()`, if it is on. */
export function releaseOptimizer(): void {
  if (box[STATE] !== "held") return;
  setFlagsFromString(ALL_TIERS);
  box[STATE] = "released";
}

/** Runs `f` (a Script made with a cache, or a cache made) under the flags every cache carries. */
export function underCacheFlags<T>(f: () => T): T {
  if (box[STATE] !== "released") return f();
  setFlagsFromString(CAPPED);
  try {
    return f();
  } finally {
    setFlagsFromString(ALL_TIERS);
  }
}
