// Serialises writes and edits to one file. Tool calls in a batch run in parallel, and two edits
// to the same file would otherwise both read the original and the later write would silently drop
// the earlier one. Keyed by real path so "a.ts", "./a.ts" and a symlink all share one queue.
// Stateless library code: the queue's map lives in the object `createFileMutationQueue()` returns;
// the one everything in a process shares (parent and child agents, tools, extensions, rewinds) is
// the "file-mutations" service the composition root creates (compose/file-mutations.ts).
import { realpath } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { FileMutationsService } from "../../contracts/file-mutations.js";

export type { FileMutationsService } from "../../contracts/file-mutations.js";

/** A fresh queue: mutations of one file (by real path) run one after another, in call order. */
export function createFileMutationQueue(): FileMutationsService {
  const tails = new Map<string, Promise<void>>();
  // Finding a real path is asynchronous, so two calls could take their places in the wrong order;
  // places are taken one call after another (only the lookups wait, not the mutations).
  let arrivals: Promise<unknown> = Promise.resolve();
  const takePlace = async (path: string) => {
    const key = await queueKey(path);
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => {
      release = r;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    return { key, previous, release, tail };
  };
  return {
    async run<T>(path: string, fn: () => Promise<T>): Promise<T> {
      const place = arrivals.then(() => takePlace(path));
      arrivals = place.catch(() => undefined);
      const { key, previous, release, tail } = await place;
      try {
        await previous;
        return await fn();
      } finally {
        release();
        // Drop the entry once nothing is queued behind us, so the map does not grow forever.
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}

/**
 * The real path; for a path not created yet, the real path of its nearest existing folder plus the
 * rest, so `dir-link/new/x` and `dir/new/x` share a key before either exists.
 */
export async function queueKey(path: string): Promise<string> {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(await realpath(at), ...rest);
    } catch {
      if (dirname(at) === at) return absolute;
      rest.unshift(basename(at));
    }
  }
}
