// At most `max` children at once (settings `subagents.maxParallel`): the calls of one turn all
// start, and those past the bound wait for a free slot (or for an abort, which ends the wait).
export class Limit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: () => number) {}

  /** Runs `job` in a slot; resolves undefined when `signal` aborts before a slot is free. */
  async run<T>(signal: AbortSignal, job: () => Promise<T>): Promise<T | undefined> {
    if (!(await this.acquire(signal))) return undefined;
    try {
      return await job();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.active < Math.max(1, this.max())) {
      this.active++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const go = () => {
        signal.removeEventListener("abort", stop);
        this.active++;
        resolve(true);
      };
      const stop = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(false);
      };
      this.waiting.push(go);
      signal.addEventListener("abort", stop, { once: true });
    });
  }
}
