// Converting a long history to a provider's wire items a batch at a time, for defineLazyBatches
// (json-body.ts). The loop over the history runs in `fill`, a plain function that V8 compiles while
// it loops (on-stack replacement); the generator around it is resumed once per batch. A generator
// that yields each item keeps its loop in the interpreter for the whole history, since it is called
// once and a resumed generator is never replaced by optimized code: converting 5,000 messages that
// way took ~20 ms more in a fresh process (the resume of a never-compacted session pays it).
import { BATCH } from "./json-body.js";

/**
 * The items `step` pushes for each of `items` (in order), then those `finish` pushes, in arrays of
 * about BATCH (one step may push several). `first` starts the first batch (a system prompt).
 */
export function* convertInBatches<T, W>(
  items: readonly T[],
  step: (item: T, out: W[]) => void,
  finish?: (out: W[]) => void,
  first: W[] = [],
): Generator<W[]> {
  let out = first;
  let next = 0;
  while (next < items.length) {
    next = fill(items, next, step, out);
    if (out.length >= BATCH) {
      yield out;
      out = [];
    }
  }
  finish?.(out);
  if (out.length > 0) yield out;
}

function fill<T, W>(items: readonly T[], from: number, step: (item: T, out: W[]) => void, out: W[]): number {
  let i = from;
  while (i < items.length && out.length < BATCH) step(items[i++], out);
  return i;
}

/**
 * convertInBatches for wire formats whose last item stays open (one turn's tool results travel in
 * one user message): `step` answers the item to hold next, `held` itself when it added the item
 * to it, or undefined when the item sends nothing. A newly held item sends the one before it;
 * `last` sees the final one before it is sent (a cache breakpoint).
 */
export function convertHolding<T, W>(
  items: readonly T[],
  step: (item: T, held: W | undefined) => W | undefined,
  last?: (held: W) => void,
): Generator<W[]> {
  let held: W | undefined;
  const hold = (item: T, out: W[]) => {
    const next = step(item, held);
    if (next === undefined || next === held) return;
    if (held !== undefined) out.push(held);
    held = next;
  };
  const finish = (out: W[]) => {
    if (held === undefined) return;
    last?.(held);
    out.push(held);
  };
  return convertInBatches(items, hold, finish);
}
