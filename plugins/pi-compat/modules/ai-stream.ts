// pi-ai's event streams: an async-iterable queue of events whose `result()` resolves with the
// value the completing event carries. `stream()` hands extensions an AssistantMessageEventStream.
import type { AssistantMessage, AssistantMessageEvent } from "../../../kernel/index.js";

type Waiter<T> = (step: IteratorResult<T>) => void;

export class EventStream<T, R = T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private readonly waiting: Waiter<T>[] = [];
  private done = false;
  private resolveResult!: (value: R) => void;
  private readonly finalResult = new Promise<R>((resolve) => {
    this.resolveResult = resolve;
  });

  constructor(
    private readonly isComplete: (event: T) => boolean,
    private readonly extractResult: (event: T) => R,
  ) {}

  push(event: T): void {
    if (this.done) return;
    if (this.isComplete(event)) {
      this.done = true;
      this.resolveResult(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
  }

  end(result?: R): void {
    this.done = true;
    if (result !== undefined) this.resolveResult(result);
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      if (this.queue.length) yield this.queue.shift() as T;
      else if (this.done) return;
      else {
        const step = await new Promise<IteratorResult<T>>((resolve) => this.waiting.push(resolve));
        if (step.done) return;
        yield step.value;
      }
    }
  }

  result(): Promise<R> {
    return this.finalResult;
  }
}

export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
  constructor() {
    super(
      (e) => e.type === "done" || e.type === "error",
      (e) => {
        if (e.type === "done") return e.message;
        if (e.type === "error") return e.error;
        throw new Error("Unexpected event type for final result");
      },
    );
  }
}

export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}
