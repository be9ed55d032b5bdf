// A server-sent events parser fed raw bytes. Network reads split the stream anywhere: inside a
// UTF-8 character, inside a line, or between the `\r` and `\n` of a CRLF, so all state carries
// over between pushes. Follows the WHATWG event-stream rules, plus leniency at end of input.

export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  data: string;
  id?: string;
}

const LF = 10;

export class SseParser {
  private readonly decoder = new TextDecoder("utf-8");
  private buffer = "";
  /** The previous push ended with `\r`; a `\n` starting the next push belongs to it. */
  private skipLeadingLf = false;
  private data: string[] = [];
  private eventType = "";
  private lastId: string | undefined;

  /** Feeds bytes; returns the events they complete. */
  push(bytes: Uint8Array): SseEvent[] {
    return this.consume(this.decoder.decode(bytes, { stream: true }), false);
  }

  /** Flushes at end of input: a last line or event without its blank line still counts. */
  end(): SseEvent[] {
    const events = this.consume(this.decoder.decode(), true);
    this.dispatch(events);
    return events;
  }

  private consume(text: string, final: boolean): SseEvent[] {
    if (this.skipLeadingLf && text.length > 0) {
      if (text.charCodeAt(0) === LF) text = text.slice(1);
      this.skipLeadingLf = false;
    }
    const buffer = this.buffer ? this.buffer + text : text;
    const events: SseEvent[] = [];
    // indexOf rather than a regex: this loop runs once per line of every streamed answer.
    let start = 0;
    let lf = buffer.indexOf("\n");
    let cr = buffer.indexOf("\r");
    while (lf !== -1 || cr !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
      } else {
        end = cr;
        next = cr + 1;
        if (next === buffer.length)
          this.skipLeadingLf = true; // maybe the first half of a CRLF
        else if (buffer.charCodeAt(next) === LF) next++;
      }
      this.line(buffer.slice(start, end), events);
      start = next;
      if (lf !== -1 && lf < start) lf = buffer.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf("\r", start);
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    if (final && this.buffer.length > 0) {
      this.line(this.buffer, events);
      this.buffer = "";
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === "") return this.dispatch(events);
    if (line.startsWith(":")) return; // a comment, often used as a keep-alive
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventType = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    // `retry` and unknown fields do not matter to an API client.
  }

  private dispatch(events: SseEvent[]): void {
    if (this.data.length > 0) {
      const event: SseEvent = { event: this.eventType || "message", data: this.data.join("\n") };
      if (this.lastId !== undefined) event.id = this.lastId;
      events.push(event);
    }
    this.data = [];
    this.eventType = "";
  }
}

/**
 * The SSE events of a response body, one batch per network read (handing them over a batch at a
 * time keeps per-event overhead low on long answers). `onBytes` runs for every read (the idle
 * watchdog uses it); a last event without its blank line is still delivered at the end.
 */
export async function* sseBatches(body: AsyncIterable<Uint8Array>, onBytes?: () => void): AsyncGenerator<Iterable<SseEvent>> {
  const parser = new SseParser();
  for await (const bytes of body) {
    onBytes?.();
    const events = parser.push(bytes);
    if (events.length > 0) yield events;
  }
  const rest = parser.end();
  if (rest.length > 0) yield rest;
}
