// One memory-reducing garbage collection once the interactive app is up and idle (issue 34: idle RSS).
// Start-up grows V8's young generation to several MB (most of what loads survives), and V8 gives those
// pages back, and compacts the old generation, only in a memory-reducing collection, which its memory
// reducer runs by itself no sooner than ~8 s after the last full collection. The app knows when
// start-up is over, so it asks for that collection then: the inspector's HeapProfiler.collectGarbage
// is one (DevTools' "collect garbage" button) and needs no V8 flag (a flag would change the code
// cache's check and make every cached file compile again). An in-process session opens no port.
// Measured (in a pseudo-terminal, 4 s after start): inline 63 -> 57 MB, full-screen 69 -> 61 MB.

/** After the first frame, past the indexes' warm-up (stage WARM) and the code caches' writing. */
const AFTER_MS = 2_000;
/** Put off while the user types or the agent works: the collection takes the main thread ~10-30 ms. */
const RETRY_MS = 1_000;
const TRIES = 20;

/**
 * Monotonic milliseconds, for the busy check. Not `performance.now()`: the global loads perf_hooks
 * (nine modules) into a session that has no other use for it.
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Schedules the collection; `busy()` puts it off. Returns a cancel function. */
export function trimWhenIdle(busy: () => boolean): () => void {
  let tries = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = undefined;
    if (busy()) {
      if (++tries < TRIES) timer = setTimeout(tick, RETRY_MS).unref();
      return;
    }
    collect();
  };
  timer = setTimeout(tick, AFTER_MS).unref();
  return () => clearTimeout(timer);
}

function collect(): void {
  if (collectThroughBinding()) return;
  void import("node:inspector")
    .then(({ Session }) => {
      const session = new Session();
      session.connect();
      // Disconnecting inside the callback stalls the event loop on Node 20: leave it to the next turn.
      session.post("HeapProfiler.collectGarbage", () => setImmediate(() => session.disconnect()));
    })
    .catch(() => {
      // A Node built without the inspector: V8's memory reducer does the same later.
    });
}

/** The inspector's own connection, under `node:inspector`'s Session. */
interface InspectorBinding {
  Connection?: new (onMessage: (message: string) => void) => { dispatch(message: string): void; disconnect(): void };
}

/**
 * The same collection through the connection `node:inspector` wraps: the module loads
 * `worker_threads` (for `isMainThread`) and its own code, ~0.3 MB of an idle session's RSS
 * (the binary's pages they touch, their bytecode). `process.binding` is deprecated in the docs
 * only; with --pending-deprecation it would print a warning into the UI, so then, or on a Node
 * without it, the module does it.
 */
function collectThroughBinding(): boolean {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  const binding = (process as { binding?: (name: string) => InspectorBinding }).binding;
  if (binding === undefined || /--(pending|throw|trace)-deprecation/.test(flags)) return false;
  try {
    const { Connection } = binding("inspector");
    if (Connection === undefined) return false;
    const connection = new Connection(() => setImmediate(() => connection.disconnect()));
    connection.dispatch(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
    return true;
  } catch {
    return false;
  }
}
