// Decoding a response a network read at a time. A long answer arrives as one delta per token
// (200,000 events for 200,000 tokens); handing each through the async generators of the driver,
// the kernel and its listeners costs microtask hops, allocations and listener calls per token.
// Instead, every SSE event of one read is decoded first, then consecutive deltas of the same
// block are merged into one event and the tool call's partial arguments are parsed once, and the
// batch is yielded. Listeners see the same text in fewer, larger deltas, as a slower network
// would give them; the final message is the same.
import type { AssistantMessageEvent } from "pi-kernel";
import type { MessageAssembler } from "./assembler.js";
import type { SseEvent } from "./sse.js";

type Delta = Extract<AssistantMessageEvent, { type: "text_delta" | "thinking_delta" | "toolcall_delta" }>;

const isDelta = (e: AssistantMessageEvent): e is Delta =>
  e.type === "text_delta" || e.type === "thinking_delta" || e.type === "toolcall_delta";

/** Consecutive deltas of one block become one delta carrying their joined text. */
export function mergeDeltas(events: AssistantMessageEvent[]): AssistantMessageEvent[] {
  const out: AssistantMessageEvent[] = [];
  let pieces: string[] = [];
  let open: Delta | undefined;
  const flush = () => {
    if (open) out.push(pieces.length === 1 ? open : { ...open, delta: pieces.join("") });
    open = undefined;
    pieces = [];
  };
  for (const e of events) {
    if (isDelta(e) && open && e.type === open.type && e.contentIndex === open.contentIndex) {
      pieces.push(e.delta);
      continue;
    }
    flush();
    if (isDelta(e)) {
      open = e;
      pieces.push(e.delta);
    } else out.push(e);
  }
  flush();
  return out;
}

/**
 * Runs `handle` over each SSE event, a read at a time, and yields the read's events merged.
 * `finished` says the stream's last event was seen (the rest of the body is not read). An error
 * thrown mid-read still lets the events before it through first.
 */
export async function* decodePerRead(
  batches: AsyncIterable<Iterable<SseEvent>>,
  out: MessageAssembler,
  handle: (event: SseEvent) => Iterable<AssistantMessageEvent>,
  finished: () => boolean,
): AsyncGenerator<AssistantMessageEvent> {
  for await (const batch of batches) {
    const pending: AssistantMessageEvent[] = [];
    const failure = decodeRead(batch, handle, finished, pending);
    out.settle();
    for (const e of mergeDeltas(pending)) yield e;
    if (failure) throw failure.error;
    if (finished()) return;
  }
}

/**
 * One read's events into `pending`; a thrown error is returned, after the events before it. A
 * plain function rather than the generator's body: V8 optimizes this loop, which runs once per
 * token, far better there.
 */
function decodeRead(
  batch: Iterable<SseEvent>,
  handle: (event: SseEvent) => Iterable<AssistantMessageEvent>,
  finished: () => boolean,
  pending: AssistantMessageEvent[],
): { error: unknown } | undefined {
  try {
    for (const event of batch) {
      for (const e of handle(event)) pending.push(e);
      if (finished()) break;
    }
  } catch (error) {
    return { error };
  }
  return undefined;
}
