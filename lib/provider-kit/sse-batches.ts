// The SSE events of a response body as the decoders take them: a batch per network read (or per
// slice of one, until a decoder's repeat is known: see SseParser.nextCut).
import type { Repeat, RepeatSink } from "./repeats.js";
import { type SseEvent, SseParser } from "./sse.js";

/**
 * The SSE events of a response body, one batch per network read (handing them over a batch at a
 * time keeps per-event overhead low on long answers), or per slice of a read while no repeat is
 * known yet (the decoder offers one after its first events). `onBytes` runs for every read (the idle
 * watchdog uses it); a last event without its blank line is still delivered at the end.
 */
export function sseBatches(body: AsyncIterable<Uint8Array>, onBytes?: () => void): AsyncIterable<Iterable<SseEvent>> & RepeatSink {
  const parser = new SseParser();
  async function* batches(): AsyncGenerator<Iterable<SseEvent>> {
    for await (const bytes of body) {
      onBytes?.();
      for (let at = 0; at < bytes.length; ) {
        const end = parser.nextCut(bytes, at);
        const events = parser.push(at === 0 && end === bytes.length ? bytes : bytes.subarray(at, end));
        at = end;
        if (events.length > 0) yield events;
      }
    }
    const rest = parser.end();
    if (rest.length > 0) yield rest;
  }
  return Object.assign(batches(), { expect: (repeat: Repeat | undefined) => parser.expect(repeat), wants: () => parser.wants() });
}
