// Rate-limits streaming updates: the UI needs a live view, not one re-render per pipe chunk.

export interface Throttled {
  call(): void;
  cancel(): void;
}

/** Runs `fn` at most once per `intervalMs`; the last call in a burst is never lost. */
export function throttle(fn: () => void, intervalMs: number): Throttled {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    call() {
      if (timer) return;
      const wait = Math.max(0, last + intervalMs - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
