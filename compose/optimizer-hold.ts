// Start-up without V8's optimizing compiler, by its tiering thresholds (issue 34: interactive idle RSS).
//
// Loading the image, discovering the packages and importing the plugins call Node's path functions
// (`normalizeString`, `resolve`, `relative`, `dirname` and the validators' `wrappedFn`) ~4,000 times,
// often enough that V8 hands them to TurboFan, and one TurboFan compilation touches ~4 MB of the node
// binary's code, which then stays resident: an idle interactive session ~53.5 MB with it, ~49.5 without.
// Nothing in start-up runs long enough to gain from optimized code, so the launcher's loader raises
// the number of profiler ticks a function needs before TurboFan takes it, and turns off the early
// optimization of small functions, until the first boot tap (compose/optimizer-release.ts).
//
// Not `--max-opt=1` (tried, and backed out): with Sparkplug as the top tier, V8 compiles baseline code
// without the budget checks that lead to tier-up, so code compiled during start-up stayed baseline
// after the cap was lifted (a resumed 100,000-entry session took 2-3x the CPU). A higher tick count
// changes no code: the functions keep counting, and TurboFan takes them at their next tick once the
// thresholds are V8's own again.
//
// V8 checks a code cache against a hash of its flags, recomputed whenever a flag is set, so every cache
// is read and written under V8's own flags (`underCacheFlags`): the caches carry one hash, whether a
// file loads during the hold or after it. A held process (a terminal's) sets V8's flags back around
// each cache; any other (print, JSON, RPC) never holds and sets no flag at all. Until issue 34's
// sixth round it was the other way round (the caches carried the held flags), and every print run
// set the held flags and V8's back around each of its ~75 files: ~150 calls, ~1.7 ms of its CPU.
// Flags a user sets for V8's tiers (`node --ticks-before-optimization=…`, NODE_OPTIONS) are left
// alone: then nothing here sets any flag. Only on the V8 these defaults were read from (Node 20's 11.3).
import { isatty } from "node:tty";

/**
 * `node:v8`, loaded only by a process that sets a flag (a held terminal's): a print, JSON or RPC
 * run never does, and loading it (its heap utilities, serializer and promise hooks) was ~1.8 ms of
 * every run's CPU before the request (issue 34, round seven).
 */
const setFlagsFromString = (flags: string) => process.getBuiltinModule("node:v8").setFlagsFromString(flags);

/** The flags every cache is read and written under: no function is hot enough, none small enough. */
const HELD = "--ticks-before-optimization=1000000 --max-bytecode-size-for-early-opt=0 --no-sparkplug";
/** V8 11.3's defaults (`node --v8-options`). */
const RELEASED = "--ticks-before-optimization=3 --max-bytecode-size-for-early-opt=81 --sparkplug";
const V8_LINE = "11.3.";
/** A user's own flags for V8's tiers (V8 takes `_` for `-`). */
const TIER_FLAGS =
  /--(no-)?(ticks-before-optimization|max-bytecode-size-for-early-opt|max-opt|opt|turbofan|jitless|maglev|sparkplug|always-sparkplug|lite-mode)\b/;

/** Process-wide (the launcher's loader and the image are separate bundles); absent: never held. */
const STATE = Symbol.for("pi-kernel.optimizer-hold");
type State = "held" | "released";
const box = globalThis as typeof globalThis & { [STATE]?: State };

/** Holds TurboFan off until `releaseOptimizer()`. Call before the first code cache is read. */
export function holdOptimizer(): void {
  if (box[STATE] !== undefined || !process.versions.v8.startsWith(V8_LINE)) return;
  if (TIER_FLAGS.test([...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").replaceAll("_", "-"))) return;
  // Only a process on a terminal can become an idle interactive session. Any other (print, JSON or
  // RPC through pipes) starts with V8's own tiers: held, its start-up ran in the interpreter and a
  // resumed 5,000-entry session took ~8% more CPU.
  if (!isatty(0) || !isatty(1)) {
    box[STATE] = "released";
    return;
  }
  setFlagsFromString(HELD);
  box[STATE] = "held";
}

/** Gives V8 its own thresholds back, if `holdOptimizer()` held them. */
export function releaseOptimizer(): void {
  if (box[STATE] !== "held") return;
  setFlagsFromString(RELEASED);
  box[STATE] = "released";
}

/** Runs `f` (a Script made with a cache, or a cache made) under the flags every cache carries: V8's own. */
export function underCacheFlags<T>(f: () => T): T {
  if (box[STATE] !== "held") return f();
  setFlagsFromString(RELEASED);
  try {
    return f();
  } finally {
    setFlagsFromString(HELD);
  }
}
