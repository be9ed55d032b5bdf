// Listening for an abort that may already have happened. An AbortSignal fires "abort" once, so a
// listener added after that (a tool whose setup awaited a stat while the user pressed Esc) never
// runs and the command goes on for its full length. Here the listener runs at once instead.

/** Runs `fn` when `signal` aborts, or now if it already has; returns the remover. */
export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    fn();
    return () => {};
  }
  signal.addEventListener("abort", fn, { once: true });
  return () => signal.removeEventListener("abort", fn);
}
